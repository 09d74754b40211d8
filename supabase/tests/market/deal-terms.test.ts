/**
 * Acceptance freezes the deal, over real HTTP: the payment type, rate, hours basis and the split in
 * cents are copied onto the application when the poster accepts; editing the gig afterwards never
 * changes them (the attack: accept at $600, PATCH the filled gig's rate to 1, the payment became
 * $1.00); changing the money takes the other party's consent, and only before money moves.
 */
import { describe, expect, it } from 'vitest';
import { apply, as, postGig, refusal, rpc, sql, useMarket } from './helpers';

const m = useMarket();

const DEAL = 'status, deal_payment_type, deal_rate_cents, agreed_hours, deal_amount_cents, deal_fee_cents, deal_worker_cents, agreed_amount, worker_amount, platform_fee, change_proposed_by, change_rate_cents, change_hours';
const deal = async (id: string) => (await as(m.be, m.worker).from('applications').select(DEAL).eq('id', id).single()).data as Record<string, unknown>;

async function accepted(gig: Record<string, unknown>, proposedRate?: number): Promise<{ gig: string; app: string }> {
  const g = await postGig(m.be, m.poster, gig);
  const r = await rpc<{ id: string }>(m.be, m.worker, 'apply_to_gig', { p_gig_id: g, p_message: 'Hello', ...(proposedRate ? { p_proposed_rate: proposedRate } : {}) });
  expect((await rpc(m.be, m.poster, 'accept_application', { p_application_id: r.data.id })).status).toBe(200);
  return { gig: g, app: r.data.id };
}

describe('later edits of the gig never change an accepted deal', () => {
  it('accepted at $600, the filled gig\'s rate PATCHed to 1: the deal and what the poster is asked to pay stay $600 (worker $570, fee $30)', async () => {
    const { gig, app } = await accepted({ payment_type: 'fixed', rate: 600 });
    const frozen = { deal_payment_type: 'fixed', deal_rate_cents: 60000, deal_amount_cents: 60000, deal_fee_cents: 3000, deal_worker_cents: 57000, agreed_amount: 600, worker_amount: 570, platform_fee: 30 };
    expect(await deal(app)).toMatchObject(frozen);
    const edit = await as(m.be, m.poster).from('gigs').update({ rate: 1 }).eq('id', gig).select('rate').single();
    expect(edit.data).toEqual({ rate: 1 });
    expect(await deal(app)).toMatchObject(frozen);
    const funding = await rpc(m.be, m.poster, 'start_funding', { p_application_id: app });
    expect(funding.data).toEqual([expect.objectContaining({ amount_cents: 60000 })]);
  });

  it('hourly, accepted at $800, the gig switched to fixed at $5: the deal stays hourly at $800', async () => {
    const { gig, app } = await accepted({ payment_type: 'hourly', rate: 80, hours: 10 });
    const frozen = { deal_payment_type: 'hourly', deal_rate_cents: 8000, agreed_hours: 10, deal_amount_cents: 80000, deal_fee_cents: 4000, deal_worker_cents: 76000 };
    expect(await deal(app)).toMatchObject(frozen);
    expect((await as(m.be, m.poster).from('gigs').update({ payment_type: 'fixed', rate: 5, hours: 1 }).eq('id', gig)).status).toBe(204);
    // Another step on the deal (which used to recompute the amount from the gig) changes nothing.
    expect((await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'Starting Monday' })).status).toBe(200);
    expect(await deal(app)).toMatchObject(frozen);
    expect((await rpc(m.be, m.poster, 'start_funding', { p_application_id: app })).data).toEqual([expect.objectContaining({ amount_cents: 80000 })]);
  });

  it('neither party nor the service role writes the frozen columns directly', async () => {
    const { app } = await accepted({ payment_type: 'fixed', rate: 100 });
    const poster = await as(m.be, m.poster).from('applications').update({ deal_amount_cents: 1 }).eq('id', app);
    expect([poster.status, poster.error?.code]).toEqual([403, '42501']);
    await expect(sql(m.be, 'update public.applications set deal_amount_cents = 1, deal_fee_cents = 0, deal_worker_cents = 1 where id = $1', [app])).rejects.toMatchObject({ code: 'PT409' });
    await expect(sql(m.be, "update public.applications set deal_payment_type = 'hourly' where id = $1", [app])).rejects.toMatchObject({ code: 'PT409' });
    expect(await deal(app)).toMatchObject({ deal_amount_cents: 10000 });
  });
});

describe('changing the money of an accepted deal takes the other party\'s consent', () => {
  it('the poster proposes 12 hours; only the worker can accept; the amount and split follow', async () => {
    const { app } = await accepted({ payment_type: 'hourly', rate: 45, hours: 10 });
    const proposed = await rpc(m.be, m.poster, 'propose_deal_change', { p_application_id: app, p_hours: 12 });
    expect(proposed.data).toMatchObject({ change_proposed_by: m.poster.id, change_rate_cents: 4500, change_hours: 12, deal_amount_cents: 45000 });
    expect(await rpc(m.be, m.poster, 'accept_deal_change', { p_application_id: app })).toEqual(refusal(403, '42501', 'Only the other party can accept this change'));
    expect(await rpc(m.be, m.stranger, 'accept_deal_change', { p_application_id: app })).toEqual(refusal(404, 'PT404', 'Application not found'));
    expect(await deal(app)).toMatchObject({ deal_amount_cents: 45000, change_hours: 12 });
    const agreed = await rpc(m.be, m.worker, 'accept_deal_change', { p_application_id: app });
    expect(agreed.data).toMatchObject({ agreed_hours: 12, deal_amount_cents: 54000, deal_fee_cents: 2700, deal_worker_cents: 51300, worker_amount: 513, change_proposed_by: null });
    expect(await rpc(m.be, m.worker, 'accept_deal_change', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'There is no proposed change to accept'));
  });

  it('a proposal the other party declines (or the proposer withdraws) leaves the deal as it was', async () => {
    const { app } = await accepted({ payment_type: 'fixed', rate: 300 });
    await rpc(m.be, m.worker, 'propose_deal_change', { p_application_id: app, p_rate: 350 });
    expect((await rpc(m.be, m.poster, 'decline_deal_change', { p_application_id: app })).data).toMatchObject({ change_proposed_by: null, deal_amount_cents: 30000 });
    await rpc(m.be, m.poster, 'propose_deal_change', { p_application_id: app, p_rate: 250 });
    expect((await rpc(m.be, m.poster, 'decline_deal_change', { p_application_id: app })).data).toMatchObject({ change_proposed_by: null, deal_amount_cents: 30000 });
    expect(await rpc(m.be, m.worker, 'decline_deal_change', { p_application_id: app })).toEqual(refusal(409, 'PT409', 'There is no proposed change to decline'));
  });

  it('refuses what makes no sense, with the reason', async () => {
    const { app } = await accepted({ payment_type: 'fixed', rate: 300 });
    const propose = (args: Record<string, unknown>) => rpc(m.be, m.poster, 'propose_deal_change', { p_application_id: app, ...args });
    expect(await propose({})).toEqual(refusal(400, '22023', 'Propose a new rate or new hours'));
    expect(await propose({ p_rate: 0.001 })).toEqual(refusal(400, '22023', 'The rate must be from 0.01 to 1000000, with at most two decimals'));
    expect(await propose({ p_hours: 3 })).toEqual(refusal(400, '22023', 'Hours apply only to hourly deals'));
    expect(await propose({ p_rate: 300 })).toEqual(refusal(400, '22023', 'These are the terms of the deal already'));
    expect(await rpc(m.be, undefined, 'propose_deal_change', { p_application_id: app, p_rate: 1 })).toEqual(refusal(401, '42501', 'You must be logged in to propose a change to the deal'));
    const pending = await apply(m.be, m.worker, await postGig(m.be, m.poster));
    expect(await rpc(m.be, m.worker, 'propose_deal_change', { p_application_id: pending, p_rate: 1 })).toEqual(refusal(409, 'PT409', 'This deal is applied and can no longer be changed that way'));
  });

  it('once money moves the terms are locked, even for a proposal made before', async () => {
    const { app } = await accepted({ payment_type: 'fixed', rate: 300 });
    await rpc(m.be, m.worker, 'propose_deal_change', { p_application_id: app, p_rate: 400 });
    await rpc(m.be, m.poster, 'start_funding', { p_application_id: app });
    const locked = 'Money is already moving for this deal: its terms can no longer change';
    expect(await rpc(m.be, m.poster, 'accept_deal_change', { p_application_id: app })).toEqual(refusal(409, 'PT409', locked));
    expect(await rpc(m.be, m.poster, 'propose_deal_change', { p_application_id: app, p_rate: 1 })).toEqual(refusal(409, 'PT409', locked));
    expect(await deal(app)).toMatchObject({ deal_amount_cents: 30000 });
  });
});

describe("a gig's split is the database's, the one acceptance freezes", () => {
  const SPLIT = 'rate, worker_cents, fee_cents, estimate_worker_cents';
  const read = async (id: string) => (await as(m.be, m.stranger).from('gigs').select(SPLIT).eq('id', id).single()).data as Record<string, unknown>;

  it('a visitor reads the fee and the worker part of a fixed and an hourly gig; the deal then freezes the same figures', async () => {
    const fixed = await postGig(m.be, m.poster, { payment_type: 'fixed', rate: 600 });
    expect(await read(fixed)).toEqual({ rate: 600, worker_cents: 57000, fee_cents: 3000, estimate_worker_cents: null });
    const anon = await as(m.be).from('gigs').select('worker_cents, fee_cents').eq('id', fixed).single();
    expect(anon.data).toEqual({ worker_cents: 57000, fee_cents: 3000 });

    const { gig, app } = await accepted({ payment_type: 'hourly', rate: 25.5, hours: 10 });
    // 5% of 2550 is 127.5 → 128 per hour; of the 25500 estimate exactly 1275.
    expect(await read(gig)).toEqual({ rate: 25.5, worker_cents: 2422, fee_cents: 128, estimate_worker_cents: 24225 });
    expect(await deal(app)).toMatchObject({ deal_amount_cents: 25500, deal_worker_cents: 24225, deal_fee_cents: 1275 });
  });

  it('the computed fields cannot be written', async () => {
    const g = await postGig(m.be, m.poster, { payment_type: 'fixed', rate: 100 });
    const write = await as(m.be, m.poster).from('gigs').update({ fee_cents: 0 } as never).eq('id', g);
    expect(write.status).toBe(400);
    expect(await read(g)).toMatchObject({ fee_cents: 500, worker_cents: 9500 });
  });
});
