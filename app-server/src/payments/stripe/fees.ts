/**
 * Stripe's processing fees in the books. Stripe takes its fee out of each charge (the charge's
 * balance transaction: `amount`, `fee`, `net`), so the platform's Stripe balance grows by the net
 * only; the port's `provider.fee` books the difference — world Dr fee / cash:stripe Cr fee — once
 * per balance transaction (its id is the event id). Booked when a deal's funding arrives
 * (checkout.session.completed) and again on charge.updated, which Stripe sends when a charge's
 * balance transaction appears later: whichever comes first books it, the other is a duplicate.
 * Only charges of Need40 deals (their PaymentIntent names an application) are booked.
 */
import type Stripe from 'stripe';
import type { AppServices as Services } from '../../context';
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
