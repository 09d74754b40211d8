/**
 * A deal's money over real HTTP, with the manual provider: the poster funds (a pending hold, the
 * operator confirms it arrived), the worker delivers, the poster approves (or asks for changes),
 * the operator records the payout, the worker confirms it — each step a balanced ledger
 * transaction (the worked example of docs/payments.md, to the cent), a receipt, and the figures
 * each party reads.
 */
import { describe, expect, it } from 'vitest';
import { deliverNotifications } from '../market/helpers';
import { refusal, rpc, sql } from '../market/helpers';
import { acceptedDeal, BOOKS_HOLD, booksHold, deliveredDeal, fundedDeal, journal, mailsTo, ok, status, useMoney } from './helpers';

const m = useMoney();

describe('the worked example: $600 funded, approved, paid out', () => {
  it('posts exactly the entries of docs/payments.md and moves the deal to paid', async () => {
    const { app } = await acceptedDeal(m);
    const start = await ok<{ amount_cents: number; provider: string; reference: string }[]>(m, m.poster, 'start_funding', { p_application_id: app });
    expect(start[0]).toMatchObject({ amount_cents: 60000, provider: 'manual', reference: expect.stringMatching(/^N40-[0-9A-F]{8}$/) });
    // Asking again (a retried click) gives the same hold, not a second one.
    expect((await ok<{ transaction_id: number }[]>(m, m.poster, 'start_funding', { p_application_id: app }))[0]!.transaction_id).toBe((start[0] as unknown as { transaction_id: number }).transaction_id);
    expect(await status(m, app)).toBe('accepted');
    expect(await journal(m.be, app)).toEqual(['funding/pending: cash Dr 60000 held Cr 60000']);

    await ok(m, m.operator, 'operator_confirm_funds', { p_application_id: app, p_reference: 'PAYPAL-7XK' });
    expect(await status(m, app)).toBe('funded');
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'The fence is painted', p_link: 'https://example.com/photos' });
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    expect(await status(m, app)).toBe('released');
    await ok(m, m.operator, 'operator_record_payout', { p_application_id: app, p_method: 'paypal', p_reference: 'PAYOUT-1' });
    expect(await status(m, app)).toBe('paid_out');
    await ok(m, m.worker, 'confirm_payout', { p_application_id: app });
    expect(await status(m, app)).toBe('paid');

    expect(await journal(m.be, app)).toEqual([
      'funding/pending: cash Dr 60000 held Cr 60000',
      'funding/post_pending: cash Dr 60000 held Cr 60000',
      'release/posted: held Dr 60000 fee_revenue Cr 3000 payable Cr 57000',
      'payout/posted: payable Dr 57000 cash Cr 57000',
    ]);
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
    const evidence = await sql(m.be, "select kind, provider_ref, method, operator_id is not null as by_operator, actor_id from ledger.transactions where application_id = $1 and phase <> 'pending' order by id", [app]);
    expect(evidence).toEqual([
      { kind: 'funding', provider_ref: 'PAYPAL-7XK', method: null, by_operator: true, actor_id: null },
      { kind: 'release', provider_ref: null, method: null, by_operator: false, actor_id: m.poster.id },
      { kind: 'payout', provider_ref: 'PAYOUT-1', method: 'paypal', by_operator: true, actor_id: null },
    ]);
    // A receipt for each money step, and the news of each other step.
    expect(await mailsTo(m.be, m.poster)).toEqual(expect.arrayContaining(['payment_receipt/funded', 'deal_update/delivered', 'payment_receipt/released']));
    expect(await mailsTo(m.be, m.worker)).toEqual(expect.arrayContaining(['deal_update/funded', 'payment_receipt/released', 'payment_receipt/paid_out']));
  });

  it('both parties read the deal\'s money; each reads their own balances and statements; a stranger nothing', async () => {
    const { app } = await deliveredDeal(m);
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    const steps = await ok<{ kind: string; parts: Record<string, number> }[]>(m, m.worker, 'deal_money', { p_application_id: app });
    expect(steps.map((s) => s.kind)).toEqual(['funding', 'release']);
    expect(steps[1]!.parts).toEqual({ held: -60000, payable: 57000, fee_revenue: 3000 });
    expect(await ok(m, m.poster, 'deal_money', { p_application_id: app })).toEqual(steps);
    expect(await ok(m, m.stranger, 'deal_money', { p_application_id: app })).toEqual([]);
    const [mine] = await ok<Record<string, number>[]>(m, m.worker, 'my_money', {});
    expect(mine!.earnings_available_cents).toBeGreaterThanOrEqual(57000);
    const statement = await ok<{ kind: string; transaction_id: number }[]>(m, m.worker, 'money_statement', { p_side: 'earnings', p_limit: 1 });
    expect(statement).toEqual([expect.objectContaining({ kind: 'release', application_id: app })]);
    const receipt = await ok<{ payer_name: string; payee_name: string; amount_cents: number }[]>(m, m.poster, 'receipt', { p_transaction_id: statement[0]!.transaction_id });
    expect(receipt[0]).toMatchObject({ amount_cents: 60000, payer_name: 'Pat Poster', payee_name: 'Wendy Worker' });
    expect(await rpc(m.be, m.stranger, 'receipt', { p_transaction_id: statement[0]!.transaction_id })).toEqual(refusal(404, 'PT404', 'Receipt not found'));
    expect(await rpc(m.be, m.worker, 'money_statement', { p_side: 'both' })).toEqual(refusal(400, '22023', 'A statement is of earnings or spending'));
  });
});

describe('the emails', () => {
  it('a receipt for each money step lands in the mailbox with the amounts, the split, the reference and a link to the receipt page', async () => {
    await sql(m.be, 'update private.notification_outbox set delivered_at = now() where delivered_at is null');
    const { app } = await deliveredDeal(m);
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    await deliverNotifications(m.be);
    const mail = (await (await fetch(`${m.be.url}/_dev/mailbox.json?to=${encodeURIComponent(m.worker.email)}`)).json()) as { subject: string; text: string; link: string }[];
    const receipt = mail.find((x) => x.subject === 'Receipt: $600 released for "Paint the fence"');
    expect(receipt?.text).toContain('To the worker: $570');
    expect(receipt?.text).toContain('Need40 fee (5%): $30');
    expect(receipt?.link).toMatch(new RegExp(`/#receipt/\\d+$`));
    expect(mail.map((x) => x.subject)).toContain('The money for "Paint the fence" is held');
    const toPoster = (await (await fetch(`${m.be.url}/_dev/mailbox.json?to=${encodeURIComponent(m.poster.email)}`)).json()) as { subject: string; text: string }[];
    expect(toPoster.find((x) => x.subject === 'Receipt: $600 held for "Paint the fence"')?.text).toContain('Reference: PP-');
    expect(toPoster.map((x) => x.subject)).toContain('Wendy Worker delivered "Paint the fence"');
  });

  it('a money email goes out at once, even inside the digest window; other kinds still wait for its end', async () => {
    await sql(m.be, 'update private.notification_outbox set delivered_at = now() where delivered_at is null');
    const { app } = await deliveredDeal(m);
    await deliverNotifications(m.be);
    // The poster was just emailed (the delivery news), so a digest kind queued now waits …
    await sql(m.be, "update private.notification_recipients set last_email_at = now() where recipient_id = $1", [m.poster.id]);
    await sql(m.be, "insert into private.notification_outbox (recipient_id, kind, payload) values ($1, 'new_application', '{}')", [m.poster.id]);
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    await deliverNotifications(m.be);
    // … while the receipt of the release is in the mailbox at once.
    const toPoster = (await (await fetch(`${m.be.url}/_dev/mailbox.json?to=${encodeURIComponent(m.poster.email)}`)).json()) as { subject: string }[];
    expect(toPoster.map((x) => x.subject)).toContain('Receipt: $600 released for "Paint the fence"');
    const waiting = await sql<{ kind: string; waits: boolean }>(m.be, 'select kind, deliver_after > now() + interval \'5 minutes\' as waits from private.notification_outbox where recipient_id = $1 and delivered_at is null', [m.poster.id]);
    expect(waiting).toEqual([{ kind: 'new_application', waits: true }]);
    await sql(m.be, 'update private.notification_outbox set delivered_at = now() where delivered_at is null');
  });
});

describe('who may fire each step', () => {
  it('only the poster funds, approves and asks for changes; only the worker delivers and confirms the payout', async () => {
    const { app } = await acceptedDeal(m);
    expect(await rpc(m.be, m.worker, 'start_funding', { p_application_id: app })).toEqual(refusal(403, '42501', "Only the gig's poster can pay for this deal"));
    expect(await rpc(m.be, m.stranger, 'start_funding', { p_application_id: app })).toEqual(refusal(404, 'PT404', 'Application not found'));
    expect(await rpc(m.be, undefined, 'start_funding', { p_application_id: app })).toEqual(refusal(401, '42501', 'You must be logged in to pay for this deal'));
    expect(await rpc(m.be, m.worker, 'deliver_work', { p_application_id: app, p_note: 'x' })).toEqual(refusal(409, 'PT409', 'This deal is accepted and can no longer be changed that way'));
    // Funding is confirmed by an operator, never by the worker or the poster.
    await ok(m, m.poster, 'start_funding', { p_application_id: app });
    for (const who of [m.worker, m.poster]) {
      expect(await rpc(m.be, who, 'operator_confirm_funds', { p_application_id: app, p_reference: 'x' })).toEqual(refusal(403, '42501', 'Only a Need40 operator can confirm that funds arrived'));
    }
    await ok(m, m.operator, 'operator_confirm_funds', { p_application_id: app, p_reference: 'PP-1' });
    expect(await rpc(m.be, m.poster, 'deliver_work', { p_application_id: app, p_note: 'x' })).toEqual(refusal(403, '42501', 'Only the applicant can deliver the work'));
    expect(await rpc(m.be, m.worker, 'deliver_work', { p_application_id: app, p_note: ' ' })).toEqual(refusal(400, '22023', 'Write a note'));
    expect(await rpc(m.be, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Done', p_link: 'javascript:alert(1)' })).toEqual(refusal(400, '22023', 'A link must start with https:// or http:// and be at most 2000 characters'));
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Done' });
    expect(await rpc(m.be, m.worker, 'approve_work', { p_application_id: app })).toEqual(refusal(403, '42501', "Only the gig's poster can approve the work"));
    expect(await rpc(m.be, m.poster, 'request_changes', { p_application_id: app, p_note: '' })).toEqual(refusal(400, '22023', 'Write a note'));
    await ok(m, m.poster, 'request_changes', { p_application_id: app, p_note: 'Two coats, please' });
    expect(await status(m, app)).toBe('funded');
    // Delivered once: cancelling is no longer a way out, a dispute is.
    expect(await rpc(m.be, m.poster, 'cancel_deal', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'The work was delivered: open a dispute instead'));
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Second coat done' });
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    expect(await rpc(m.be, m.worker, 'operator_record_payout', { p_application_id: app, p_method: 'paypal', p_reference: 'x' })).toEqual(refusal(403, '42501', 'Only a Need40 operator can record a payout'));
    expect(await rpc(m.be, m.worker, 'confirm_payout', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'This deal is released and can no longer be changed that way'));
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });
});

describe('cancelling and refunds', () => {
  it('before funding either party cancels and the announced payment is dropped; after funding, before any delivery, everything is due back', async () => {
    const { app } = await acceptedDeal(m, { payment_type: 'fixed', rate: 80 });
    await ok(m, m.poster, 'start_funding', { p_application_id: app });
    await ok(m, m.worker, 'cancel_deal', { p_application_id: app, p_reason: 'I fell ill' });
    expect(await status(m, app)).toBe('cancelled');
    expect(await journal(m.be, app)).toEqual(['funding/pending: cash Dr 8000 held Cr 8000', 'funding/void_pending:']);

    const funded = (await fundedDeal(m, { payment_type: 'fixed', rate: 80 })).app;
    await ok(m, m.poster, 'cancel_deal', { p_application_id: funded });
    expect(await status(m, funded)).toBe('refunded');
    expect((await journal(m.be, funded)).at(-1)).toBe('refund/posted: held Dr 8000 refund_due Cr 8000');
    const [due] = await sql<{ id: string }>(m.be, "select id::text from ledger.transactions where application_id = $1 and kind = 'refund'", [funded]);
    await ok(m, m.operator, 'operator_record_refund', { p_transaction_id: Number(due!.id), p_method: 'paypal', p_reference: 'RF-1' });
    expect(await rpc(m.be, m.operator, 'operator_record_refund', { p_transaction_id: Number(due!.id), p_method: 'paypal', p_reference: 'RF-1' })).toMatchObject({ status: 204 });
    expect(await mailsTo(m.be, m.poster)).toEqual(expect.arrayContaining(['payment_receipt/refund_due', 'payment_receipt/refunded']));
    expect(await booksHold(m.be)).toEqual(BOOKS_HOLD);
  });

  it('the poster pays with a confirmed Pay $600 credit: held at once, no operator step', async () => {
    const payment = await ok<{ id: string }>(m, m.poster, 'record_payment', { p_amount: 600, p_payment_method: 'paypal', p_status: 'pending', p_metadata: { kind: 'pay' } });
    const { app } = await acceptedDeal(m);
    expect(await rpc(m.be, m.poster, 'fund_with_credit', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'Your credit (0 cents) does not cover this deal (60000 cents)'));
    await ok(m, m.operator, 'operator_confirm_payment', { p_payment_id: payment.id, p_reference: 'PP-CREDIT' });
    await ok(m, m.poster, 'fund_with_credit', { p_application_id: app });
    expect(await status(m, app)).toBe('funded');
    expect(await journal(m.be, app)).toEqual(['funding_from_credit/posted: credit Dr 60000 held Cr 60000']);
  });
});
