/**
 * Stripe's fees in the books, the platform's expense. Stripe takes its fee out of each charge (the
 * charge's balance transaction: `amount`, `fee`, `net`), so the platform's Stripe balance grows by
 * the net only; the port's `provider.fee` books the difference — provider_fees Dr fee /
 * cash:stripe Cr fee — once per balance transaction (its id is the event id). Booked when a deal's
 * funding arrives (checkout.session.completed) and again on charge.updated, which Stripe sends when
 * a charge's balance transaction appears later: whichever comes first books it, the other is a
 * duplicate. A dispute costs a fee too: its balance transactions (the withdrawal, and a
 * reinstatement that may give the fee back) come with every charge.dispute.* event and are booked
 * the same way, once each; a fee given back (a negative fee) is booked the other way round.
 * Only charges and disputes of Need40 deals (their PaymentIntent names an application) are booked.
 */
import type Stripe from 'stripe';
import type { Services } from '../../services';
import { idOf, UUID } from './client';
import { applyEvent } from './port';

/** The fee of one charge: `applied`, `duplicate`, or why there is nothing to book yet. */
export async function bookChargeFee(services: Services, stripe: Stripe, chargeId: string): Promise<string> {
  const charge = await stripe.charges.retrieve(chargeId, { expand: ['balance_transaction'] });
  const bt = charge.balance_transaction;
  if (!bt || typeof bt === 'string') return 'fee_not_settled';
  if (!(Number.isSafeInteger(bt.fee) && bt.fee > 0)) return 'no_fee';
  return applyEvent(services, { eventId: bt.id, type: 'provider.fee', amountCents: bt.fee, reference: bt.id, payload: { charge: charge.id } });
}

/** The fee of the charge behind a deal's PaymentIntent (the funding's reference). */
export async function bookFundingFee(services: Services, stripe: Stripe, paymentIntentId: string): Promise<string> {
  const charge = idOf((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge);
  return charge ? bookChargeFee(services, stripe, charge) : 'fee_not_settled';
}

/** charge.updated: the fee of a Need40 deal's charge, once its balance transaction exists. */
export async function chargeUpdated(services: Services, stripe: Stripe, charge: Stripe.Charge): Promise<string> {
  const pi = idOf(charge.payment_intent);
  const id = idOf(charge);
  if (!pi || !id || !charge.balance_transaction) return 'unhandled';
  const app: unknown = (await stripe.paymentIntents.retrieve(pi)).metadata?.application_id;
  return typeof app === 'string' && UUID.test(app) ? bookChargeFee(services, stripe, id) : 'unhandled';
}

/** A dispute's balance transactions are one withdrawal and at most one reinstatement; read a few at most. */
const DISPUTE_BALANCE_TRANSACTIONS = 4;

/** The fees of a dispute of a Need40 deal: each balance transaction's fee once (a negative one was given back). */
export async function bookDisputeFees(services: Services, dispute: Stripe.Dispute, applicationId: string): Promise<string[]> {
  const list: unknown = dispute.balance_transactions;
  if (!Array.isArray(list)) return [];
  const outcomes: string[] = [];
  for (const bt of list.slice(0, DISPUTE_BALANCE_TRANSACTIONS) as unknown[]) {
    if (typeof bt !== 'object' || bt === null) continue;
    const id = idOf(bt as { id: string });
    const fee: unknown = (bt as { fee?: unknown }).fee;
    if (!id || typeof fee !== 'number' || !Number.isSafeInteger(fee) || fee === 0) continue;
    outcomes.push(await applyEvent(services, {
      eventId: id, type: 'provider.fee', amountCents: Math.abs(fee), reference: id,
      payload: { what: 'dispute fee', dispute: idOf(dispute) ?? null, application_id: applicationId, ...(fee < 0 && { returned: true }) },
    }));
  }
  return outcomes;
}
