/**
 * The Stripe adapter's "work out": drains public.payment_work('stripe') — payouts of released
 * deals to workers whose connected account can receive them (a Transfer) and refunds due on deals
 * funded through Stripe (a Refund) — each call with the ledger row's idempotency key
 * (`payout:<application>`, `refund-sent:<transaction>`), so a retry, a crash between the call and
 * the booking, or two backends draining at once can never pay twice: Stripe answers the same
 * Transfer or Refund again, and the port books it once (its id is the event id).
 *
 * `drainStripeWork` runs one round: the `stripe` background job (payments/index.ts) runs it every
 * 10 s, rounds never overlap. A row that fails (Stripe refuses, the network) is logged and tried
 * again next round.
 */
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppServices as Services } from '../../context';
import { CURRENCY, idOf, transferGroup } from './client';
import { refundEvent } from './events';
import { applyEvent, paymentWork, stripeFunding, type WorkRow } from './port';

/** Rows handled per round: bounded work; the rest waits for the next round. */
const ROUND = 50;

export interface WorkResult {
  key: string;
  outcome: string;
}

/*
 * Stripe keeps an idempotency key for 24 hours only. So before paying, the worker also looks for a
 * Transfer (by the deal's transfer group) or Refund (by the payment) an earlier round made under
 * this row and never booked — a crash followed by a long outage — and books that one instead.
 */

async function payout(services: Services, stripe: Stripe, row: WorkRow): Promise<string> {
  const app = row.application_id!;
  const earlier = (await stripe.transfers.list({ transfer_group: transferGroup(app), limit: 10 })).data
    .find((t) => t.metadata?.application_id === app && !t.reversed);
  const transfer = earlier ?? await newTransfer(services, stripe, row, app);
  return applyEvent(services, { eventId: transfer.id, type: 'transfer.sent', applicationId: app, amountCents: transfer.amount, reference: transfer.id, payload: { method: 'stripe transfer' } });
}

async function newTransfer(services: Services, stripe: Stripe, row: WorkRow, app: string): Promise<Stripe.Transfer> {
  const pi = await stripeFunding(services, app);
  // Paid from the charge that funded the deal (usable before it settles); otherwise (funded through
  // the manual provider or credit) from the platform's available balance.
  const charge = pi ? idOf((await stripe.paymentIntents.retrieve(pi)).latest_charge) : undefined;
  return stripe.transfers.create({
    amount: Number(row.amount_cents), currency: CURRENCY, destination: row.stripe_account_id!,
    transfer_group: transferGroup(app), metadata: { application_id: app },
    ...(charge && { source_transaction: charge }),
  }, { idempotencyKey: row.idempotency_key });
}

async function refund(services: Services, stripe: Stripe, row: WorkRow): Promise<string> {
  const pi = row.application_id ? await stripeFunding(services, row.application_id) : null;
  if (!pi) return 'skipped: no Stripe payment to refund';
  const origin = String(row.transaction_id);
  const earlier = (await stripe.refunds.list({ payment_intent: pi, limit: 100 })).data
    .find((r) => r.metadata?.transaction_id === origin && r.status !== 'failed' && r.status !== 'canceled');
  const r = earlier ?? await stripe.refunds.create({
    payment_intent: pi, amount: Number(row.amount_cents), metadata: { transaction_id: origin, application_id: row.application_id! },
  }, { idempotencyKey: row.idempotency_key });
  // Card refunds usually succeed at once; a pending one is booked by its refund.updated webhook.
  const e = refundEvent(r.id, r);
  return e ? applyEvent(services, e) : `refund ${r.status ?? 'pending'}`;
}

/** One round over the work due now. */
export async function drainStripeWork(services: Services, stripe: Stripe, log: FastifyBaseLogger): Promise<WorkResult[]> {
  const results: WorkResult[] = [];
  for (const row of await paymentWork(services, ROUND)) {
    try {
      const outcome = row.kind === 'payout' ? await payout(services, stripe, row) : await refund(services, stripe, row);
      results.push({ key: row.idempotency_key, outcome });
    } catch (error) {
      log.warn({ err: error, key: row.idempotency_key }, 'stripe work failed; tried again next round');
      results.push({ key: row.idempotency_key, outcome: `error: ${(error as Error).message}` });
    }
  }
  return results;
}
