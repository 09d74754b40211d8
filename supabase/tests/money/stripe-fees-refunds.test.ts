/**
 * Contract tests of the Stripe adapter's fees and failed refunds, against the typed Stripe mock
 * through the real SDK and backend: Stripe's fee on a deal's charge (its balance transaction) is
 * booked once as the platform's expense, provider_fees Dr / cash:stripe Cr, whichever of
 * checkout.session.completed and charge.updated brings it; a dispute's fee likewise (and given back
 * when Stripe gives it back), and the operators' revenue is net of them; a refund that fails (refund.failed) is due to the payer again, leaves
 * Stripe's work and shows in the operators' refunds-due queue until an operator sends it.
 */
import { describe, expect, it } from 'vitest';
import { as, sql } from '../market/helpers';
import { BOOKS_HOLD, booksHold, journal, ok } from './helpers';
import { StripeMock } from 'backend/test/money/stripe-mock';
import { checkout, delivered, funded, useStripeMoney, drainWork } from './stripe-helpers';

const m = useStripeMoney();

/** The fee transactions booked for one balance transaction. */
const feeRows = (bt: string) => sql<{ kind: string; amount_cents: string; key: string; lines: string }>(m.be, `
  select t.kind, t.amount_cents::text, t.idempotency_key as key,
         string_agg(a.key || case when e.amount_cents > 0 then ' Dr ' else ' Cr ' end || abs(e.amount_cents), ' ' order by e.amount_cents desc) as lines
  from ledger.transactions t join ledger.entries e on e.transaction_id = t.id join ledger.accounts a on a.id = e.account_id
  where t.provider_ref = $1 group by t.id`, [bt]);

const chargeOf = (pi: string) => m.stripe.intents.get(pi)!.latest_charge as string;
const btOf = (pi: string) => m.stripe.charges.get(chargeOf(pi))!.balance_transaction as string;

describe("Stripe's fees", () => {
  it('the fee of the charge that funded a deal is booked once: provider_fees Dr / cash:stripe Cr', async () => {
    const { pi } = await funded(m);
    const fee = StripeMock.fee(60000);
    expect(fee).toBe(1770);
    const booked = [{ kind: 'provider_fee', amount_cents: '1770', key: `stripe:fee:${btOf(pi)}`, lines: 'provider_fees Dr 1770 cash:stripe Cr 1770' }];
    expect(await feeRows(btOf(pi))).toEqual(booked);
    // Another event of the paid session (the deal is funded already) and Stripe's charge.updated book nothing more.
    const session = [...m.stripe.sessions.values()].find((s) => s.payment_intent === pi)!;
    expect(await delivered(m.be, m.stripe.event('checkout.session.completed', session))).toBe('ignored');
    expect(await delivered(m.be, m.stripe.event('charge.updated', m.stripe.charges.get(chargeOf(pi))!))).toBe('duplicate');
    expect(await feeRows(btOf(pi))).toEqual(booked);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it("a charge whose balance transaction comes later: its charge.updated books the fee; other charges' are not ours", async () => {
    m.stripe.settleCharges = false;
    let pi: string;
    try {
      ({ pi } = await funded(m));
    } finally {
      m.stripe.settleCharges = true;
    }
    expect(m.stripe.charges.get(chargeOf(pi))!.balance_transaction).toBeNull();
    expect(await delivered(m.be, m.stripe.settleCharge(chargeOf(pi)))).toBe('applied');
    expect((await feeRows(btOf(pi))).map((r) => r.lines)).toEqual(['provider_fees Dr 1770 cash:stripe Cr 1770']);
    const foreign = { id: 'ch_notours', object: 'charge', amount: 5000, currency: 'usd', payment_intent: null, status: 'succeeded', balance_transaction: 'txn_notours' };
    expect(await delivered(m.be, m.stripe.event('charge.updated', foreign))).toBe('unhandled');
  });
});

describe("a dispute's fee and the revenue net of fees", () => {
  const week = async () => {
    const { data } = await as(m.be, m.operator).from('operator_revenue').select('fees_cents, provider_fees_cents, net_revenue_cents').eq('period', 'week').order('period_start', { ascending: false }).limit(1);
    return (data as { fees_cents: number; provider_fees_cents: number; net_revenue_cents: number }[])[0] ?? { fees_cents: 0, provider_fees_cents: 0, net_revenue_cents: 0 };
  };

  it("the dispute fee is booked once with the dispute, given back once when Stripe gives it back; revenue is the fees kept less the providers'", async () => {
    const before = await week();
    const { app, pi } = await funded(m);
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Done' });
    const opened = m.stripe.dispute(pi);
    expect(await delivered(m.be, opened)).toBe('applied');
    const [withdrawal] = m.stripe.disputes.get(pi)!.balance_transactions;
    expect(await feeRows(withdrawal!.id)).toEqual([{ kind: 'provider_fee', amount_cents: '1500', key: `stripe:fee:${withdrawal!.id}`, lines: 'provider_fees Dr 1500 cash:stripe Cr 1500' }]);
    // The same fee in a redelivery and in the closing event: booked once.
    expect(await delivered(m.be, opened)).toBe('duplicate');
    expect(await delivered(m.be, m.stripe.dispute(pi, 'won', true))).toBe('applied');
    const [, reinstatement] = m.stripe.disputes.get(pi)!.balance_transactions;
    expect(await feeRows(withdrawal!.id)).toHaveLength(1);
    expect(await feeRows(reinstatement!.id)).toEqual([{ kind: 'provider_fee_returned', amount_cents: '1500', key: `stripe:fee:${reinstatement!.id}`, lines: 'cash:stripe Dr 1500 provider_fees Cr 1500' }]);
    // Won: an operator releases the frozen money; 3000 fee kept, 1770 processing fee paid, the dispute fee given back.
    await ok(m, m.operator, 'operator_resolve_dispute', { p_application_id: app, p_outcome: 'release', p_note: 'The bank sided with us' });
    const after = await week();
    expect({ fees: after.fees_cents - before.fees_cents, provider: after.provider_fees_cents - before.provider_fees_cents, net: after.net_revenue_cents - before.net_revenue_cents })
      .toEqual({ fees: 3000, provider: StripeMock.fee(60000), net: 3000 - StripeMock.fee(60000) });
    expect(after.net_revenue_cents).toBe(after.fees_cents - after.provider_fees_cents);
    // A dispute event of a charge that is not a Need40 deal's books nothing.
    const foreign = { ...m.stripe.disputes.get(pi)!, id: 'du_notours', payment_intent: 'pi_notours', balance_transactions: [{ ...withdrawal!, id: 'txn_notours' }] };
    expect(await delivered(m.be, m.stripe.event('charge.dispute.funds_withdrawn', foreign))).toBe('unknown_object');
    expect(await feeRows('txn_notours')).toEqual([]);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });
});

/** A funded deal cancelled by its poster: the transaction that made the refund due. */
async function refundDue(): Promise<{ app: string; pi: string; due: string }> {
  const { app, pi } = await funded(m);
  await ok(m, m.poster, 'cancel_deal', { p_application_id: app });
  const [due] = await sql<{ id: string }>(m.be, "select id::text from ledger.transactions where application_id = $1 and kind = 'refund'", [app]);
  return { app, pi, due: due!.id };
}
const refundOf = (pi: string) => [...m.stripe.refunds.values()].find((r) => r.payment_intent === pi)!;
const queue = async (app: string) => (await as(m.be, m.operator).from('operator_refunds_due').select('id, kind, amount_cents, funded_through').eq('application_id', app)).data;
const money = async () => (await ok<{ refund_due_cents: number; refunded_cents: number }[]>(m, m.poster, 'my_money', {}))[0]!;

describe('refund.failed', () => {
  it('a sent refund that fails is due again, for an operator: in the queue, not retried at Stripe, until recorded', async () => {
    const before = await money();
    const { app, pi, due } = await refundDue();
    expect(await drainWork(m)).toEqual([{ key: `refund-sent:${due}`, outcome: 'applied' }]);
    expect(await money()).toMatchObject({ refund_due_cents: before.refund_due_cents, refunded_cents: before.refunded_cents + 60000 });
    const failed = m.stripe.failRefund(refundOf(pi).id);
    expect(await delivered(m.be, failed)).toBe('applied');
    expect((await journal(m.be, app)).slice(-2)).toEqual(['refund_sent/posted: refund_due Dr 60000 cash Cr 60000', 'refund_failed/posted: cash Dr 60000 refund_due Cr 60000']);
    expect(await money()).toMatchObject({ refund_due_cents: before.refund_due_cents + 60000, refunded_cents: before.refunded_cents });
    // Once: a redelivery is a duplicate, Stripe's refund.updated about the same failure is ignored.
    expect(await delivered(m.be, failed)).toBe('duplicate');
    expect(await delivered(m.be, m.stripe.event('refund.updated', refundOf(pi)))).toBe('ignored');
    const [row] = await sql<{ id: string }>(m.be, "select id::text from ledger.transactions where application_id = $1 and kind = 'refund_failed'", [app]);
    expect(await queue(app)).toEqual([{ id: Number(row!.id), kind: 'refund_failed', amount_cents: 60000, funded_through: 'stripe' }]);
    expect(await drainWork(m)).toEqual([]);
    expect([...m.stripe.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);

    await ok(m, m.operator, 'operator_record_refund', { p_transaction_id: Number(row!.id), p_method: 'bank transfer', p_reference: 'BT-4711' });
    expect(await queue(app)).toEqual([]);
    expect((await journal(m.be, app)).at(-1)).toBe('refund_sent/posted: refund_due Dr 60000 cash Cr 60000');
    expect(await money()).toMatchObject({ refund_due_cents: before.refund_due_cents, refunded_cents: before.refunded_cents + 60000 });
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('a pending refund that fails is booked as taken and put back, then goes to an operator', async () => {
    const { app, pi, due } = await refundDue();
    m.stripe.refundStatus = 'pending';
    try {
      expect((await drainWork(m)).map((r) => r.outcome)).toEqual(['refund pending']);
    } finally {
      m.stripe.refundStatus = 'succeeded';
    }
    expect(await delivered(m.be, m.stripe.failRefund(refundOf(pi).id))).toBe('applied');
    expect((await journal(m.be, app)).slice(-2)).toEqual(['refund_sent/posted: refund_due Dr 60000 cash Cr 60000', 'refund_failed/posted: cash Dr 60000 refund_due Cr 60000']);
    expect((await queue(app))!.map((r) => r.kind)).toEqual(['refund_failed']);
    expect(await drainWork(m)).toEqual([]);
    expect(await sql(m.be, "select 1 from ledger.transactions where idempotency_key = 'refund-sent:' || $1", [due])).toHaveLength(1);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('a failure of another refund than the one booked, or of an unknown transaction, is ignored', async () => {
    const { pi, due } = await refundDue();
    await drainWork(m);
    const other = { ...refundOf(pi), id: 're_someotherrefund', status: 'failed' };
    expect(await delivered(m.be, m.stripe.event('refund.failed', other))).toBe('ignored');
    expect(await delivered(m.be, m.stripe.event('refund.failed', { ...other, metadata: { transaction_id: '999999999' } }))).toBe('ignored');
    expect(await sql(m.be, "select 1 from ledger.transactions where idempotency_key = 'refund-failed:' || $1", [due])).toEqual([]);
  });
});

describe('checkout before the fee', () => {
  it('an expired session books no fee (nothing was charged)', async () => {
    const { session } = await checkout(m);
    const fees = async () => Number((await sql<{ n: string }>(m.be, "select count(*)::text as n from ledger.transactions where kind = 'provider_fee'"))[0]!.n);
    const n = await fees();
    expect(await delivered(m.be, m.stripe.expire(session))).toBe('applied');
    expect(await fees()).toBe(n);
  });
});
