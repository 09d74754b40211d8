/**
 * The agreed amount and split the database computes, the old payment steps gone (the ledger's deal
 * steps replaced them: ../money/), and reviews that exist only once the money is released, one
 * per side, with the member's public average.
 */
import { describe, expect, it } from 'vitest';
import { makeOperator } from '../money/helpers';
import { createUser } from 'backend/test/rest/helpers';
import { apply, as, postGig, refusal, rpc, useMarket } from './helpers';

const m = useMarket();

/** Funded (an operator confirms the poster's payment), delivered and approved: the money is released. */
async function release(id: string): Promise<void> {
  const operator = await createUser(m.be, `op-${id.slice(0, 8)}@example.com`, 'An Operator');
  await makeOperator(m.be, operator);
  await rpc(m.be, m.poster, 'start_funding', { p_application_id: id });
  await rpc(m.be, operator, 'operator_confirm_funds', { p_application_id: id, p_reference: 'PP' });
  await rpc(m.be, m.worker, 'deliver_work', { p_application_id: id, p_note: 'Done' });
  expect((await rpc(m.be, m.poster, 'approve_work', { p_application_id: id })).status).toBe(200);
}

/** A gig of the poster's with the worker's application accepted; returns the application id. */
async function accepted(over: Record<string, unknown> = {}, rate?: number): Promise<string> {
  const gig = await postGig(m.be, m.poster, over);
  const r = await rpc<{ id: string }>(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: 'Hello', ...(rate ? { p_proposed_rate: rate } : {}) });
  await rpc(m.be, m.poster, 'accept_application', { p_application_id: r.data.id });
  return r.data.id;
}

describe('the agreed amount and its split', () => {
  it('a fixed gig: the rate, 95% to the worker and 5% to Need40', async () => {
    const id = await accepted({ payment_type: 'fixed', rate: 600 });
    const { data } = await as(m.be, m.worker).from('applications').select('agreed_hours, agreed_amount, worker_amount, platform_fee').eq('id', id).single();
    expect(data).toEqual({ agreed_hours: null, agreed_amount: 600, worker_amount: 570, platform_fee: 30 });
  });

  it('an hourly gig: the proposed rate × the gig\'s hours, in cents, the fee rounded half up', async () => {
    const id = await accepted({ payment_type: 'hourly', rate: 30, hours: 6 }, 33.33);
    const { data } = await as(m.be, m.poster).from('applications').select('agreed_hours, agreed_amount, worker_amount, platform_fee, deal_amount_cents, deal_fee_cents, deal_worker_cents').eq('id', id).single();
    expect(data).toEqual({ agreed_hours: 6, agreed_amount: 199.98, worker_amount: 189.98, platform_fee: 10, deal_amount_cents: 19998, deal_fee_cents: 1000, deal_worker_cents: 18998 });
  });
});

describe('the old payment steps', () => {
  it('are gone, replaced by the deal steps of the ledger; the old rows stay readable as history', async () => {
    const id = await accepted({ payment_type: 'fixed', rate: 600 });
    for (const fn of ['record_application_payment', 'confirm_payment_received', 'report_payment_missing']) {
      expect((await rpc(m.be, m.poster, fn, { p_application_id: id })).error?.code, fn).toBe('PGRST202');
    }
    const direct = await as(m.be, m.poster).from('application_payments').insert({ application_id: id, payer_id: m.poster.id, payee_id: m.worker.id, amount: 1, worker_amount: 1, platform_fee: 0, status: 'completed' });
    expect([direct.status, direct.error?.code]).toEqual([403, '42501']);
    expect((await as(m.be, m.stranger).from('application_payments').select('*')).data).toEqual([]);
  });
});

describe('reviews', () => {
  it('only once the money is released, one per side, public with the member\'s average', async () => {
    const id = await accepted({ payment_type: 'fixed', rate: 50 });
    expect(await rpc(m.be, m.poster, 'leave_review', { p_application_id: id, p_rating: 5 })).toEqual(refusal(400, 'N4009', 'Reviews open once the money is released'));
    await release(id);
    expect(await rpc(m.be, m.stranger, 'leave_review', { p_application_id: id, p_rating: 1 })).toEqual(refusal(400, 'N4004', 'Application not found'));
    expect(await rpc(m.be, m.poster, 'leave_review', { p_application_id: id, p_rating: 6 })).toEqual(refusal(400, '22023', 'The rating must be a whole number from 1 to 5'));
    expect(await rpc(m.be, m.poster, 'leave_review', { p_application_id: id, p_rating: 4, p_body: 'x'.repeat(1001) })).toEqual(refusal(400, '22023', 'The review must be at most 1000 characters'));
    const byPoster = await rpc(m.be, m.poster, 'leave_review', { p_application_id: id, p_rating: 4, p_body: ' Tidy work. ' });
    expect(byPoster.data).toMatchObject({ reviewer_id: m.poster.id, reviewee_id: m.worker.id, rating: 4, body: 'Tidy work.' });
    expect(await rpc(m.be, m.poster, 'leave_review', { p_application_id: id, p_rating: 5 })).toEqual(refusal(409, '23505', 'You have already reviewed this work'));
    expect((await rpc(m.be, m.worker, 'leave_review', { p_application_id: id, p_rating: 5, p_body: 'Paid fast' })).status).toBe(200);

    const second = await accepted({ payment_type: 'fixed', rate: 50 });
    await release(second);
    await rpc(m.be, m.poster, 'leave_review', { p_application_id: second, p_rating: 5 });

    const visitor = as(m.be);
    expect((await visitor.from('member_ratings').select('review_count, average_rating').eq('user_id', m.worker.id).single()).data).toEqual({ review_count: 2, average_rating: 4.5 });
    const profile = await visitor.from('profiles').select('full_name, member_ratings(average_rating, review_count), reviews!reviews_reviewee_id_fkey(rating, body)').eq('id', m.worker.id).single();
    expect(profile.data).toMatchObject({ full_name: 'Wendy Worker', member_ratings: { average_rating: 4.5, review_count: 2 } }); // one-to-one (its key is the profile's): an object, as PostgREST renders it
    const direct = await as(m.be, m.worker).from('reviews').insert({ application_id: id, reviewer_id: m.worker.id, reviewee_id: m.poster.id, rating: 5 });
    expect([direct.status, direct.error?.code]).toEqual([403, '42501']);
  });
});

describe('agreed work stays', () => {
  it('a gig with an accepted applicant cannot be deleted; an open one can', async () => {
    const id = await accepted({ payment_type: 'fixed', rate: 40 });
    const { data } = await as(m.be, m.poster).from('applications').select('gig_id').eq('id', id).single();
    const gigId = (data as { gig_id: string }).gig_id;
    const del = await as(m.be, m.poster).from('gigs').delete().eq('id', gigId);
    expect([del.status, del.error?.code, del.error?.message]).toEqual([400, 'N4010', 'This gig has an accepted applicant and can no longer be deleted']);
    expect((await as(m.be).from('gigs').select('id, status').eq('id', gigId)).data).toEqual([{ id: gigId, status: 'filled' }]);
    const open = await postGig(m.be, m.poster);
    await apply(m.be, m.worker, open);
    expect((await as(m.be, m.poster).from('gigs').delete().eq('id', open)).status).toBe(204);
  });
});
