/**
 * The spec's three payment flows over real HTTP: their `payments` rows are recorded exactly as
 * before (pending for Pay $600 and Give40, completed for the $600 gig path), and each also enters
 * the ledger as money announced until an operator confirms it — the payer's credit, donations, or
 * the gig's prepaid funds, which fund the deal of the worker accepted on it (never asked twice).
 */
import { describe, expect, it } from 'vitest';
import { as, refusal, rpc, sql } from '../market/helpers';
import { BOOKS_HOLD, booksHold, journal, mailsTo, ok, status, useMoney } from './helpers';

const m = useMoney();

const holdOf = async (paymentId: string) =>
  (await sql<{ kind: string; phase: string; amount_cents: string; to: string }>(m.be, `
    select t.kind, t.phase, t.amount_cents, (select a.kind from ledger.entries e join ledger.accounts a on a.id = e.account_id where e.transaction_id = t.id and e.amount_cents < 0) as to
    from ledger.transactions t where t.payment_id = $1 order by t.id`, [paymentId])).map((r) => `${r.kind}/${r.phase}:${r.to ?? ''} ${r.amount_cents}`);

describe('Pay $600 and Give40', () => {
  it('record their pending payments as before, and enter the books as announced money: credit and donations', async () => {
    const pay = await ok<{ id: string; status: string; amount: number; user_id: string | null }>(m, m.poster, 'record_payment', { p_amount: 600, p_payment_method: 'paypal', p_status: 'pending', p_metadata: { campaign: 'need40', kind: 'pay' } });
    expect(pay).toMatchObject({ status: 'pending', amount: 600, user_id: m.poster.id });
    // Give40 from a visitor: no member, the donation is announced all the same.
    const give = (await rpc<{ id: string; user_id: string | null }>(m.be, undefined, 'record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending', p_metadata: { campaign: 'need40', kind: 'give' } })).data;
    expect(give.user_id).toBeNull();
    expect(await holdOf(pay.id)).toEqual(['payment_in/pending:credit 60000']);
    expect(await holdOf(give.id)).toEqual(['donation/pending:donations 4000']);
    const [before] = await ok<{ credit_cents: number; credit_announced_cents: number }[]>(m, m.poster, 'my_money', {});
    expect(before).toMatchObject({ credit_cents: 0, credit_announced_cents: 60000 });

    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: give.id, p_reference: 'PP-GIVE' });
    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: pay.id, p_reference: 'PP-PAY' });
    expect(await holdOf(pay.id)).toEqual(['payment_in/pending:credit 60000', 'payment_in/post_pending:credit 60000']);
    expect((await as(m.be, m.poster).from('payments').select('status, source').eq('id', pay.id).single()).data).toEqual({ status: 'completed', source: 'confirmed_transfer' });
    const [after] = await ok<{ credit_cents: number }[]>(m, m.poster, 'my_money', {});
    expect(after!.credit_cents).toBe(60000);
    expect(await mailsTo(m.be, m.poster)).toContain('payment_receipt/credit');
    // Confirming again changes nothing and sends nothing twice.
    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: pay.id, p_reference: 'again' });
    expect((await mailsTo(m.be, m.poster)).filter((k) => k === 'payment_receipt/credit')).toHaveLength(1);
  });

  it('an operator voids a payment that never arrived; nobody else confirms or voids', async () => {
    const pay = await ok<{ id: string }>(m, m.worker, 'record_payment', { p_amount: 600, p_payment_method: 'paypal', p_status: 'pending', p_metadata: { kind: 'pay' } });
    expect(await rpc(m.be, m.worker, 'operator_confirm_payment', { p_payment_id: pay.id, p_reference: 'mine' })).toEqual(refusal(403, '42501', 'Only a Need40 operator can confirm a payment'));
    expect(await rpc(m.be, m.operator, 'operator_void_payment', { p_payment_id: pay.id, p_note: '' })).toEqual(refusal(400, '22023', 'Give the note'));
    await ok(m, m.operator, 'operator_void_payment', { p_payment_id: pay.id, p_note: 'Nothing arrived in 30 days' });
    expect(await holdOf(pay.id)).toEqual(['payment_in/pending:credit 60000', 'payment_in/void_pending: 60000']);
    expect(await rpc(m.be, m.operator, 'operator_confirm_payment', { p_payment_id: pay.id, p_reference: 'late' })).toEqual(refusal(409, 'PT409', 'The pending transaction was already voided'));
  });
});

describe('"Pay $600 and post gig"', () => {
  it('records the completed payment and an active fixed gig with hours, location and skills the filters find', async () => {
    const gig = await ok<Record<string, unknown>>(m, m.poster, 'create_paid_gig', { p_title: 'Logo design', p_description: 'A logo for a bakery', p_hours: 8, p_location: 'remote', p_skills: [' Illustrator ', '', 'Branding'] });
    expect(gig).toMatchObject({ payment_type: 'fixed', rate: 600, worker_rate: 570, platform_fee: 30, status: 'active', hours: 8, location: 'remote', skills: ['Illustrator', 'Branding'] });
    expect((await as(m.be, m.poster).from('payments').select('status, source, amount').eq('id', gig.payment_id as string).single()).data).toEqual({ status: 'completed', source: 'self_reported', amount: 600 });
    const found = await as(m.be).from('gigs').select('id').eq('location', 'remote').contains('skills', ['branding']).eq('id', gig.id as string);
    expect(found.data).toEqual([{ id: gig.id }]);
    const plain = await ok<Record<string, unknown>>(m, m.poster, 'create_paid_gig', { p_title: 'Just the spec', p_description: 'Two arguments, as the spec calls it' });
    expect(plain).toMatchObject({ rate: 600, hours: null, location: null, skills: [] });
    expect(await rpc(m.be, m.poster, 'create_paid_gig', { p_title: 'x', p_description: 'y', p_location: 'moon' })).toEqual(refusal(400, '22023', 'The location must be remote, onsite or hybrid'));
    expect(await holdOf(gig.payment_id as string)).toEqual(['gig_prepayment/pending:gig_prepaid 60000']);
  });

  it('a confirmation sent again with its gig id posts and pays once; an id of another gig is refused', async () => {
    const id = crypto.randomUUID();
    const args = { p_title: 'Sent on a slow line', p_description: 'Retried once', p_id: id };
    const first = await ok<{ id: string; payment_id: string }>(m, m.poster, 'create_paid_gig', args);
    expect(first.id).toBe(id);
    expect(await ok<{ id: string; payment_id: string }>(m, m.poster, 'create_paid_gig', args)).toEqual(first);
    expect((await as(m.be, m.poster).from('gigs').select('id').eq('title', 'Sent on a slow line')).data).toEqual([{ id }]);
    expect((await as(m.be, m.poster).from('payments').select('id').eq('description', '$600 gig: Sent on a slow line')).data).toEqual([{ id: first.payment_id }]);
    expect(await rpc(m.be, m.worker, 'create_paid_gig', args)).toEqual(refusal(409, '23505', 'That gig id is already used'));
  });

  it('accepting a worker never asks for the money again: the confirmed prepayment funds the deal', async () => {
    const gig = await ok<{ id: string; payment_id: string }>(m, m.poster, 'create_paid_gig', { p_title: 'Prepaid', p_description: 'Paid when posted' });
    const app = (await ok<{ id: string }>(m, m.worker, 'apply_to_gig', { p_gig_id: gig.id, p_message: 'Me' })).id;
    await ok(m, m.poster, 'accept_application', { p_application_id: app });
    expect(await status(m, app)).toBe('accepted');
    expect(await rpc(m.be, m.poster, 'start_funding', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'This gig was paid for when it was posted: Need40 is confirming that payment'));
    expect(await rpc(m.be, m.poster, 'propose_deal_change', { p_application_id: app, p_rate: 700 })).toEqual(refusal(409, 'PT409', 'Money is already moving for this deal: its terms can no longer change'));
    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: gig.payment_id, p_reference: 'PP-GIG' });
    expect(await status(m, app)).toBe('funded');
    expect(await journal(m.be, app)).toEqual(['funding_from_gig_prepaid/posted: gig_prepaid Dr 60000 held Cr 60000']);

    // Confirmed first, accepted later: funded at acceptance.
    const early = await ok<{ id: string; payment_id: string }>(m, m.poster, 'create_paid_gig', { p_title: 'Prepaid early', p_description: 'Confirmed before anyone applied' });
    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: early.payment_id, p_reference: 'PP-EARLY' });
    const second = (await ok<{ id: string }>(m, m.worker, 'apply_to_gig', { p_gig_id: early.id, p_message: 'Me again' })).id;
    await ok(m, m.poster, 'accept_application', { p_application_id: second });
    expect(await status(m, second)).toBe('funded');
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('a prepaid gig closed without choosing anyone: its money is due back to the poster', async () => {
    const gig = await ok<{ id: string; payment_id: string }>(m, m.poster, 'create_paid_gig', { p_title: 'Closed', p_description: 'Nobody chosen' });
    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: gig.payment_id, p_reference: 'PP-CLOSED' });
    await ok(m, m.poster, 'close_gig', { p_gig_id: gig.id });
    const rows = await sql<{ kind: string; amount_cents: string }>(m.be, "select kind, amount_cents::int from ledger.transactions where gig_id = $1 and kind = 'prepaid_return'", [gig.id]);
    expect(rows).toEqual([{ kind: 'prepaid_return', amount_cents: 60000 }]);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });
});
