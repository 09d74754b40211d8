/**
 * Disputes and timers over real HTTP: either party disputes delivered work and the money freezes;
 * an operator releases, refunds or splits it (300/300 of $600: the fee comes from the released
 * part); an operator's refund after a payout becomes a debt netted against the worker's next
 * earnings; the money of a delivery nobody answers is released by the job runner once its window
 * has passed — on the backend's clock, which the test moves.
 */
import { describe, expect, it } from 'vitest';
import { testDbKind } from 'backend/test/harness';
import { as, refusal, rpc, sql } from '../market/helpers';
import { BOOKS_HOLD, booksHold, deliveredDeal, fundedDeal, journal, mailsTo, ok, status, useMoney } from './helpers';

const m = useMoney();
const DAY = 24 * 3600 * 1000;

describe('disputes', () => {
  it('a dispute freezes the money; the operator splits it 300/300 and both parties see the same figures', async () => {
    const { app } = await deliveredDeal(m);
    expect(await rpc(m.be, m.stranger, 'open_dispute', { p_application_id: app, p_reason: 'x' })).toEqual(refusal(404, 'PT404', 'Application not found'));
    expect(await rpc(m.be, m.poster, 'open_dispute', { p_application_id: app, p_reason: '' })).toEqual(refusal(400, '22023', 'Write a note'));
    await ok(m, m.poster, 'open_dispute', { p_application_id: app, p_reason: 'Only half of the fence is painted' });
    expect(await status(m, app)).toBe('disputed');
    expect(await mailsTo(m.be, m.worker)).toContain('deal_update/disputed');
    expect(await rpc(m.be, m.poster, 'approve_work', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'This deal is disputed and can no longer be changed that way'));
    const { data: disputes } = await as(m.be, m.operator).from('operator_disputes').select('id, held_cents, evidence').eq('id', app);
    expect(disputes).toEqual([{ id: app, held_cents: 60000, evidence: [expect.objectContaining({ kind: 'delivery' }), expect.objectContaining({ kind: 'dispute', author_role: 'poster' })] }]);

    const split = { p_application_id: app, p_outcome: 'split', p_note: 'Half the work was done' };
    expect(await rpc(m.be, m.operator, 'operator_resolve_dispute', { ...split, p_worker_cents: 30000, p_poster_cents: 20000 })).toEqual(refusal(400, '22023', 'A split gives both parties a part, and the parts add up to the 60000 cents held'));
    expect(await rpc(m.be, m.poster, 'operator_resolve_dispute', { ...split, p_worker_cents: 30000, p_poster_cents: 30000 })).toEqual(refusal(403, '42501', 'Only a Need40 operator can resolve a dispute'));
    await ok(m, m.operator, 'operator_resolve_dispute', { ...split, p_worker_cents: 30000, p_poster_cents: 30000 });
    expect(await status(m, app)).toBe('released');
    expect((await journal(m.be, app)).at(-1)).toBe('split/posted: held Dr 60000 fee_revenue Cr 1500 payable Cr 28500 refund_due Cr 30000');
    const seen = await ok<{ parts: unknown }[]>(m, m.worker, 'deal_money', { p_application_id: app });
    expect(await ok(m, m.poster, 'deal_money', { p_application_id: app })).toEqual(seen);
    expect(seen.at(-1)).toMatchObject({ parts: { held: -60000, payable: 28500, fee_revenue: 1500, refund_due: 30000 } });
    expect(await mailsTo(m.be, m.poster)).toEqual(expect.arrayContaining(['payment_receipt/split', 'deal_update/resolved']));
    // The worker's half is paid out like any release.
    await ok(m, m.operator, 'operator_record_payout', { p_application_id: app, p_method: 'paypal', p_reference: 'SPLIT-1' });
    expect((await journal(m.be, app)).at(-1)).toBe('payout/posted: payable Dr 28500 cash Cr 28500');
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('nothing delivered yet: no dispute, a cancellation; a dispute resolved by refund sends everything back', async () => {
    const funded = (await fundedDeal(m)).app;
    expect(await rpc(m.be, m.worker, 'open_dispute', { p_application_id: funded, p_reason: 'x' })).toEqual(refusal(409, 'PT409', 'Nothing was delivered yet: cancel the deal instead'));
    const { app } = await deliveredDeal(m);
    await ok(m, m.worker, 'open_dispute', { p_application_id: app, p_reason: 'The poster stopped answering' });
    await ok(m, m.operator, 'operator_resolve_dispute', { p_application_id: app, p_outcome: 'refund', p_note: 'Work not as agreed' });
    expect(await status(m, app)).toBe('refunded');
    expect((await journal(m.be, app)).at(-1)).toBe('refund/posted: held Dr 60000 refund_due Cr 60000');
  });

  it('an operator refund after the payout leaves the worker owing it, netted from their next release', async () => {
    const { app } = await deliveredDeal(m, { payment_type: 'fixed', rate: 100 });
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    await ok(m, m.operator, 'operator_record_payout', { p_application_id: app, p_method: 'paypal', p_reference: 'P-100' });
    await ok(m, m.operator, 'operator_refund_deal', { p_application_id: app, p_note: 'Chargeback: the work was copied' });
    expect((await journal(m.be, app)).at(-1)).toBe('refund_after_release/posted: receivable Dr 9500 fee_revenue Dr 500 refund_due Cr 10000');
    const [{ owed_back_cents }] = (await ok<{ owed_back_cents: number }[]>(m, m.worker, 'my_money', {})) as [{ owed_back_cents: number }];
    expect(owed_back_cents).toBe(9500);
    const next = await deliveredDeal(m, { payment_type: 'fixed', rate: 200 });
    await ok(m, m.poster, 'approve_work', { p_application_id: next.app });
    expect(await journal(m.be, next.app)).toEqual(expect.arrayContaining(['netting/posted: payable Dr 9500 receivable Cr 9500']));
    const [due] = await sql<{ amount_cents: string }>(m.be, 'select amount_cents from ledger.payouts_due where application_id = $1', [next.app]);
    expect(Number(due!.amount_cents)).toBe(19000 - 9500);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });
});

describe('the auto-release timer', () => {
  it('releases a delivery left unanswered past its window, once; an answer stops it', async () => {
    const quiet = (await deliveredDeal(m)).app;
    const answered = (await deliveredDeal(m)).app;
    await ok(m, m.poster, 'request_changes', { p_application_id: answered, p_note: 'Not yet' });
    const [row] = await sql<{ days: number }>(m.be, "select round(extract(epoch from release_due_at - delivered_at) / 86400)::int as days from public.applications where id = $1", [quiet]);
    expect(row!.days).toBe(14);

    m.be.advanceClock(13 * DAY);
    await m.be.app.sqlJobs.runNow();
    expect(await status(m, quiet)).toBe('delivered');

    m.be.advanceClock(DAY + 60_000);
    const [first] = await m.be.app.sqlJobs.runNow();
    expect(first).toMatchObject({ fn: 'private.run_payment_timers', ok: true, result: expect.objectContaining({ released: expect.any(Number) }) });
    expect(await status(m, quiet)).toBe('released');
    expect(await status(m, answered)).toBe('funded');
    expect(await mailsTo(m.be, m.worker)).toContain('payment_receipt/auto_released');
    const [again] = await m.be.app.sqlJobs.runNow();
    expect(again!.result).toMatchObject({ released: 0 });
    expect((await journal(m.be, quiet)).filter((l) => l.startsWith('release'))).toHaveLength(1);
    m.be.advanceClock(-14 * DAY - 60_000);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so nothing else can hold a row there.
  it.runIf(testDbKind() === 'postgres')('skips a due deal whose row another transaction holds (an approval at that moment), and releases it on the next run', async () => {
    const held = (await deliveredDeal(m)).app;
    m.be.advanceClock(14 * DAY + 60_000);
    try {
      // Waiting here for the held row, while holding accounts of deals released before it, was the
      // other half of a deadlock with that approval.
      const during = await m.be.db.transaction(async (tx) => {
        await tx.query('select id from public.applications where id = $1 for update', [held]);
        return m.be.app.sqlJobs.runNow();
      });
      expect(during[0]).toMatchObject({ fn: 'private.run_payment_timers', ok: true });
      expect(await status(m, held)).toBe('delivered');
      await m.be.app.sqlJobs.runNow();
      expect(await status(m, held)).toBe('released');
    } finally {
      m.be.advanceClock(-14 * DAY - 60_000);
    }
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });
});
