/**
 * The provider port as a Stripe adapter drives it, over real HTTP with the service role:
 * apply_payment_event applies each event once per id, in any order (a dispute that comes before
 * the funds waits for them), and payment_work lists what to pay with the idempotency keys to send.
 * The ledger rows are the manual provider's, with provider 'stripe'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from 'backend/src/config';
import { refusal, rpc, sql } from '../market/helpers';
import { serviceClient } from 'backend/test/rest/helpers';
import { acceptedDeal, BOOKS_HOLD, booksHold, journal, ok, status, useMoney } from './helpers';

const m = useMoney();
beforeAll(async () => {
  await sql(m.be, "update ledger.settings set provider = 'stripe'");
});

async function event(id: string, type: string, args: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await serviceClient(m.be).rpc('apply_payment_event', { p_provider: 'stripe', p_event_id: id, p_type: type, ...args });
  expect(error).toBeNull();
  return data as string;
}

async function stripeFunded(): Promise<string> {
  const { app } = await acceptedDeal(m);
  await ok(m, m.poster, 'start_funding', { p_application_id: app });
  expect(await event(`evt_fund_${app}`, 'funds.received', { p_application_id: app, p_amount_cents: 60000, p_reference: 'pi_1' })).toBe('applied');
  return app;
}

describe('events in, once each, in any order', () => {
  it('a dispute before its funds waits; the funds apply, then the dispute; repeats are duplicates', async () => {
    const { app } = await acceptedDeal(m);
    const hold = (await ok<{ provider: string }[]>(m, m.poster, 'start_funding', { p_application_id: app }))[0]!;
    expect(hold.provider).toBe('stripe');
    expect(await event('evt_dispute_1', 'dispute.opened', { p_application_id: app, p_payload: { reason: 'fraudulent' } })).toBe('deferred');
    expect(await status(m, app)).toBe('accepted');
    expect(await event('evt_funds_1', 'funds.received', { p_application_id: app, p_amount_cents: 60000, p_reference: 'pi_123' })).toBe('applied');
    expect(await status(m, app)).toBe('disputed');
    for (let i = 0; i < 3; i++) {
      expect(await event('evt_funds_1', 'funds.received', { p_application_id: app, p_amount_cents: 60000 })).toBe('duplicate');
      expect(await event('evt_dispute_1', 'dispute.opened', { p_application_id: app })).toBe('duplicate');
    }
    // Another event meaning the same thing (payment_intent.succeeded after checkout.session.completed).
    expect(await event('evt_funds_other', 'funds.received', { p_application_id: app })).toBe('ignored');
    expect(await journal(m.be, app)).toEqual(['funding/pending: cash Dr 60000 held Cr 60000', 'funding/post_pending: cash Dr 60000 held Cr 60000']);
    const [cash] = await sql<{ key: string }>(m.be, "select a.key from ledger.entries e join ledger.accounts a on a.id = e.account_id join ledger.transactions t on t.id = e.transaction_id where t.application_id = $1 and a.kind = 'cash' limit 1", [app]);
    expect(cash!.key).toBe('cash:stripe');
  });

  it('a lost dispute is a chargeback: the money went back through the network', async () => {
    const app = await stripeFunded();
    expect(await event('evt_lost_1', 'dispute.closed', { p_application_id: app, p_payload: { outcome: 'lost' } })).toBe('applied');
    expect(await status(m, app)).toBe('refunded');
    expect((await journal(m.be, app)).slice(-2)).toEqual(['refund/posted: held Dr 60000 refund_due Cr 60000', 'refund_sent/posted: refund_due Dr 60000 cash Cr 60000']);
  });

  it('a failed checkout voids the hold; a transfer pays out a released deal; a refund is sent once; a fee is the platform\'s expense (and one given back, income again)', async () => {
    const { app } = await acceptedDeal(m);
    await ok(m, m.poster, 'start_funding', { p_application_id: app });
    expect(await event('evt_expired', 'funds.failed', { p_application_id: app })).toBe('applied');
    expect((await journal(m.be, app)).at(-1)).toBe('funding/void_pending:');

    const paid = await stripeFunded();
    await ok(m, m.worker, 'deliver_work', { p_application_id: paid, p_note: 'Done' });
    await ok(m, m.poster, 'approve_work', { p_application_id: paid });
    await sql(m.be, "insert into public.payout_details (user_id, stripe_account_id, stripe_payouts_enabled) values ($1, 'acct_1Abc', true) on conflict (user_id) do update set stripe_account_id = excluded.stripe_account_id, stripe_payouts_enabled = true", [m.worker.id]);
    const { data: work } = await serviceClient(m.be).rpc('payment_work', { p_provider: 'stripe' });
    expect(work).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'payout', application_id: paid, amount_cents: 57000, idempotency_key: `payout:${paid}`, stripe_account_id: 'acct_1Abc' })]));
    expect(await event('evt_tr_wrong', 'transfer.sent', { p_application_id: paid, p_amount_cents: 1 })).toBe('ignored');
    expect(await event('evt_tr_1', 'transfer.sent', { p_application_id: paid, p_amount_cents: 57000, p_reference: 'tr_1' })).toBe('applied');
    expect(await status(m, paid)).toBe('paid_out');
    expect(await event('evt_tr_2', 'transfer.sent', { p_application_id: paid, p_amount_cents: 57000 })).toBe('ignored');

    const refunded = await stripeFunded();
    await ok(m, m.poster, 'cancel_deal', { p_application_id: refunded });
    const [due] = await sql<{ id: string }>(m.be, "select id::text from ledger.transactions where application_id = $1 and kind = 'refund'", [refunded]);
    expect(await event('evt_re_1', 'refund.sent', { p_origin_transaction_id: Number(due!.id), p_amount_cents: 60000, p_reference: 're_1' })).toBe('applied');
    expect(await event('evt_re_2', 'refund.sent', { p_origin_transaction_id: Number(due!.id) })).toBe('ignored');
    expect(await event('evt_fee_1', 'provider.fee', { p_amount_cents: 1500, p_reference: 'du_fee' })).toBe('applied');
    expect(await event('evt_fee_2', 'provider.fee', { p_amount_cents: 1500, p_reference: 'du_fee_back', p_payload: { returned: true } })).toBe('applied');
    expect(await event('evt_fee_3', 'provider.fee', { p_amount_cents: 0 })).toBe('ignored');
    const fees = await sql<{ kind: string; lines: string }>(m.be, `
      select t.kind, string_agg(a.key || case when e.amount_cents > 0 then ' Dr ' else ' Cr ' end || abs(e.amount_cents), ' ' order by e.amount_cents desc) as lines
      from ledger.transactions t join ledger.entries e on e.transaction_id = t.id join ledger.accounts a on a.id = e.account_id
      where t.idempotency_key in ('stripe:fee:evt_fee_1', 'stripe:fee:evt_fee_2') group by t.id order by t.id`);
    expect(fees).toEqual([{ kind: 'provider_fee', lines: 'provider_fees Dr 1500 cash:stripe Cr 1500' }, { kind: 'provider_fee_returned', lines: 'cash:stripe Dr 1500 provider_fees Cr 1500' }]);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('fees booked to the outside world before provider_fees existed move there once; running that migration again adds nothing', async () => {
    // A fee as the port booked it before (world Dr / cash Cr).
    await sql(m.be, `do $$ declare v ledger.transactions; begin v.provider := 'stripe'; v.provider_ref := 'txn_legacy';
      perform ledger.post('stripe:fee:txn_legacy', 'provider_fee', array[ledger.account('world'), ledger.account('cash', p_provider => 'stripe')], array[900::bigint, -900::bigint], v); end $$`);
    const migration = fs.readFileSync(path.join(REPO_ROOT, 'supabase/migrations/20250108000100_provider_fees_expense.sql'), 'utf8');
    const reclassified = () => sql<{ lines: string }>(m.be, `
      select string_agg(a.kind || case when e.amount_cents > 0 then ' Dr ' else ' Cr ' end || abs(e.amount_cents), ' ' order by e.amount_cents desc) as lines
      from ledger.transactions t join ledger.entries e on e.transaction_id = t.id join ledger.accounts a on a.id = e.account_id
      where t.idempotency_key = 'fee-reclass:' || (select id from ledger.transactions where idempotency_key = 'stripe:fee:txn_legacy') group by t.id`);
    for (let run = 0; run < 2; run++) {
      await m.be.db.transaction((tx) => tx.exec(migration));
      expect(await reclassified()).toEqual([{ lines: 'provider_fees Dr 900 world Cr 900' }]);
    }
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('only the service role reports events or reads the work; bad events are refused with the reason', async () => {
    const args = { p_provider: 'stripe', p_event_id: 'evt_x', p_type: 'provider.fee', p_amount_cents: 1 };
    expect(await rpc(m.be, undefined, 'apply_payment_event', args)).toMatchObject({ status: 401, error: { code: '42501' } });
    // No execute privilege but the service role's (and the function checks the role again).
    expect(await rpc(m.be, m.operator, 'apply_payment_event', args)).toEqual(refusal(403, '42501', 'permission denied for function apply_payment_event'));
    expect(await rpc(m.be, m.worker, 'payment_work', { p_provider: 'stripe' })).toEqual(refusal(403, '42501', 'permission denied for function payment_work'));
    const svc = serviceClient(m.be);
    expect((await svc.rpc('apply_payment_event', { ...args, p_type: 'charge.succeeded' })).error).toMatchObject({ code: '22023', message: 'Unknown payment event type charge.succeeded' });
    expect((await svc.rpc('apply_payment_event', { ...args, p_provider: 'paypal' })).error).toMatchObject({ code: '22023', message: 'Unknown payment provider paypal' });
    expect((await svc.rpc('apply_payment_event', { ...args, p_event_id: '' })).error).toMatchObject({ code: '22023' });
    expect((await svc.rpc('apply_payment_event', { ...args, p_payload: [1] })).error).toMatchObject({ code: '22023' });
  });
});
