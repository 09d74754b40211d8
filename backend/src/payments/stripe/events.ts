/**
 * What a verified Stripe event means for the books: each event becomes at most one call of the
 * port (applied once per Stripe event id, in any order — the port's job), or, for account.updated,
 * a refresh of the worker's payout readiness. Events that are not ours (no Need40 application in
 * their metadata) or of other types are acknowledged and left alone.
 *
 * | Stripe event                                      | port event                          |
 * |---------------------------------------------------|-------------------------------------|
 * | checkout.session.completed (paid), …async_payment_succeeded | funds.received (amount_total, payment intent) |
 * | checkout.session.expired, …async_payment_failed   | funds.failed                        |
 * | charge.dispute.created                            | dispute.opened (reason)             |
 * | charge.dispute.closed (won / lost)                | dispute.closed (outcome)            |
 * | transfer.created                                  | transfer.sent (amount, transfer id) |
 * | refund.created / refund.updated (succeeded)       | refund.sent (origin transaction)    |
 * | refund.failed / refund.updated (failed)           | refund.failed (origin transaction)  |
 * | charge.updated (a deal's charge, with its fee)    | provider.fee (fees.ts)              |
 * | charge.dispute.* (its balance transactions' fees) | provider.fee, once each (fees.ts)   |
 * | account.updated                                   | payout_details.stripe_payouts_enabled |
 */
import type Stripe from 'stripe';
import type { Services } from '../../services';
import { bookDisputeFees, bookFundingFee, chargeUpdated } from './fees';
import { applyEvent, setPayoutsEnabled, type PortEvent } from './port';
import { centsOf, idOf, isStripeRefusal, UUID } from './client';

const appOf = (metadata: Stripe.Metadata | null | undefined): string | undefined => {
  const id: unknown = typeof metadata === 'object' ? metadata?.application_id : undefined;
  return typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : undefined;
};

/** The application a dispute is about: from its PaymentIntent's metadata (set at checkout). */
async function disputedApplication(stripe: Stripe, dispute: Stripe.Dispute): Promise<string | undefined> {
  const pi = idOf(dispute.payment_intent);
  return pi ? appOf((await stripe.paymentIntents.retrieve(pi)).metadata) : undefined;
}

const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated']);

/** Every event about a dispute of a Need40 deal carries its balance transactions: their fees are booked once each. */
async function disputeFees(services: Services, stripe: Stripe, event: Stripe.Event): Promise<string[]> {
  if (!DISPUTE_EVENTS.has(event.type)) return [];
  const dispute = event.data.object as Stripe.Dispute;
  const applicationId = await disputedApplication(stripe, dispute);
  return applicationId ? bookDisputeFees(services, dispute, applicationId) : [];
}

/** The port event of a Stripe event, or null when the event means nothing to the books. */
export async function portEventOf(stripe: Stripe, event: Stripe.Event): Promise<PortEvent | null> {
  const eventId = event.id;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const applicationId = appOf(s.metadata);
      // A delayed method (a bank debit) completes the session unpaid; its async_payment_* follows.
      if (!applicationId || s.payment_status !== 'paid') return null;
      return { eventId, type: 'funds.received', applicationId, amountCents: centsOf(s.amount_total), reference: idOf(s.payment_intent) ?? idOf(s) };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const applicationId = appOf(event.data.object.metadata);
      return applicationId ? { eventId, type: 'funds.failed', applicationId, reference: idOf(event.data.object) } : null;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const d = event.data.object;
      const applicationId = await disputedApplication(stripe, d);
      if (!applicationId) return null;
      if (event.type === 'charge.dispute.created') return { eventId, type: 'dispute.opened', applicationId, reference: idOf(d), payload: { reason: String(d.reason) } };
      if (d.status !== 'won' && d.status !== 'lost') return null;
      return { eventId, type: 'dispute.closed', applicationId, reference: idOf(d), payload: { outcome: d.status } };
    }
    case 'transfer.created': {
      const t = event.data.object;
      const applicationId = appOf(t.metadata);
      return applicationId && idOf(t) ? { eventId, type: 'transfer.sent', applicationId, amountCents: centsOf(t.amount), reference: idOf(t), payload: { method: 'stripe transfer' } } : null;
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return refundEvent(eventId, event.data.object);
    default:
      return null;
  }
}

/**
 * A refund the worker made, succeeded (refund.sent) or failed (refund.failed: the money is back in
 * the balance and due to the payer again): its metadata names the transaction that made it due.
 */
export function refundEvent(eventId: string, r: Stripe.Refund): PortEvent | null {
  const origin = Number(r.metadata?.transaction_id);
  if ((r.status !== 'succeeded' && r.status !== 'failed') || !Number.isSafeInteger(origin) || origin <= 0 || !idOf(r)) return null;
  const type = r.status === 'succeeded' ? 'refund.sent' : 'refund.failed';
  return { eventId, type, originTransactionId: origin, amountCents: centsOf(r.amount), reference: idOf(r), payload: { method: 'stripe refund', ...(r.failure_reason && { reason: String(r.failure_reason) }) } };
}

/**
 * Apply one verified event; answers what happened (the port's outcome, `payouts_enabled` /
 * `payouts_disabled` for an account, `unhandled` for the rest). account.updated reads the account
 * afresh from Stripe rather than trusting the event's copy, so an older event arriving late can
 * never undo a newer state.
 */
export async function handleStripeEvent(services: Services, stripe: Stripe, event: Stripe.Event): Promise<string> {
  const object: unknown = (event.data as { object?: unknown } | undefined)?.object;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return 'unhandled';
  try {
    return await handle(services, stripe, event);
  } catch (error) {
    // Stripe answers that an object the event names does not exist (or cannot be read so): waiting
    // and redelivering would change nothing, so the event is acknowledged. Network errors stay errors.
    if (!isStripeRefusal(error)) throw error;
    return 'unknown_object';
  }
}

/** A connected account as Stripe has it now; payout_details.stripe_payouts_enabled follows it. */
export async function syncAccount(services: Services, stripe: Stripe, id: string): Promise<Stripe.Account> {
  const account = await stripe.accounts.retrieve(id);
  await setPayoutsEnabled(services, account.id, account.payouts_enabled === true);
  return account;
}

async function handle(services: Services, stripe: Stripe, event: Stripe.Event): Promise<string> {
  if (event.type === 'account.updated') {
    const id = idOf(event.data.object);
    if (!id?.startsWith('acct_')) return 'unhandled';
    const account = await syncAccount(services, stripe, id);
    return account.payouts_enabled === true ? 'payouts_enabled' : 'payouts_disabled';
  }
  if (event.type === 'charge.updated') return chargeUpdated(services, stripe, event.data.object);
  const fees = await disputeFees(services, stripe, event);
  const e = await portEventOf(stripe, event);
  if (!e && fees.length > 0) return 'fees_booked';
  if (!e) return 'unhandled';
  const outcome = await applyEvent(services, e);
  // The money arrived at Stripe less its fee: book the fee (again on a redelivery, if it failed).
  if (e.type === 'funds.received' && (outcome === 'applied' || outcome === 'duplicate') && e.reference?.startsWith('pi_')) {
    await bookFundingFee(services, stripe, e.reference);
  }
  return outcome;
}
