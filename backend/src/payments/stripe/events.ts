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
 * | account.updated                                   | payout_details.stripe_payouts_enabled |
 */
import type Stripe from 'stripe';
import type { Services } from '../../services';
import { applyEvent, setPayoutsEnabled, type PortEvent } from './port';
import { idOf, UUID } from './client';

const appOf = (metadata: Stripe.Metadata | null | undefined): string | undefined => {
  const id = metadata?.application_id;
  return id && UUID.test(id) ? id.toLowerCase() : undefined;
};

/** The application a dispute is about: from its PaymentIntent's metadata (set at checkout). */
async function disputedApplication(stripe: Stripe, dispute: Stripe.Dispute): Promise<string | undefined> {
  const pi = idOf(dispute.payment_intent);
  return pi ? appOf((await stripe.paymentIntents.retrieve(pi)).metadata) : undefined;
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
      return { eventId, type: 'funds.received', applicationId, amountCents: s.amount_total ?? undefined, reference: idOf(s.payment_intent) ?? s.id };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const applicationId = appOf(event.data.object.metadata);
      return applicationId ? { eventId, type: 'funds.failed', applicationId, reference: event.data.object.id } : null;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const d = event.data.object;
      const applicationId = await disputedApplication(stripe, d);
      if (!applicationId) return null;
      if (event.type === 'charge.dispute.created') return { eventId, type: 'dispute.opened', applicationId, reference: d.id, payload: { reason: d.reason } };
      if (d.status !== 'won' && d.status !== 'lost') return null;
      return { eventId, type: 'dispute.closed', applicationId, reference: d.id, payload: { outcome: d.status } };
    }
    case 'transfer.created': {
      const t = event.data.object;
      const applicationId = appOf(t.metadata);
      return applicationId ? { eventId, type: 'transfer.sent', applicationId, amountCents: t.amount, reference: t.id, payload: { method: 'stripe transfer' } } : null;
    }
    case 'refund.created':
    case 'refund.updated':
      return refundEvent(eventId, event.data.object);
    default:
      return null;
  }
}

/** A succeeded refund the worker made: its metadata names the ledger transaction that made it due. */
export function refundEvent(eventId: string, r: Stripe.Refund): PortEvent | null {
  const origin = Number(r.metadata?.transaction_id);
  if (r.status !== 'succeeded' || !Number.isSafeInteger(origin) || origin <= 0) return null;
  return { eventId, type: 'refund.sent', originTransactionId: origin, amountCents: r.amount, reference: r.id, payload: { method: 'stripe refund' } };
}

/**
 * Apply one verified event; answers what happened (the port's outcome, `payouts_enabled` /
 * `payouts_disabled` for an account, `unhandled` for the rest). account.updated reads the account
 * afresh from Stripe rather than trusting the event's copy, so an older event arriving late can
 * never undo a newer state.
 */
export async function handleStripeEvent(services: Services, stripe: Stripe, event: Stripe.Event): Promise<string> {
  if (event.type === 'account.updated') {
    const account = await stripe.accounts.retrieve(event.data.object.id);
    const enabled = account.payouts_enabled === true;
    await setPayoutsEnabled(services, account.id, enabled);
    return enabled ? 'payouts_enabled' : 'payouts_disabled';
  }
  const e = await portEventOf(stripe, event);
  return e ? applyEvent(services, e) : 'unhandled';
}
