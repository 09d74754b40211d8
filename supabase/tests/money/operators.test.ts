/**
 * Operators over real HTTP: the role is app_metadata.role = 'operator', set only with the service
 * role (the auth admin API), read from auth.users at every action (a token that claims it proves
 * nothing; taking it away bites at once); an operator never decides on their own money; the money
 * queues show rows to operators only; the campaign's figures are public and come from the books.
 */
import { describe, expect, it } from 'vitest';
import { signJwt } from 'backend/src/security/jwt';
import { as, refusal, rpc } from '../market/helpers';
import { createUser } from 'backend/test/rest/helpers';
import { deliveredDeal, fundedDeal, makeOperator, ok, useMoney } from './helpers';

const m = useMoney();

async function adminSetRole(userId: string, appMetadata: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${m.be.url}/auth/v1/admin/users/${userId}`, {
    method: 'PUT',
    headers: { apikey: m.be.config.SERVICE_ROLE_KEY, authorization: `Bearer ${m.be.config.SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ app_metadata: appMetadata }),
  });
  return res.status;
}

describe('the operator role', () => {
  it('comes from app_metadata set with the service role, read at each action, gone the moment it is removed', async () => {
    const olga = await createUser(m.be, 'olga2@example.com', 'Second Operator');
    const { app } = await fundedDeal(m);
    await ok(m, m.worker, 'deliver_work', { p_application_id: app, p_note: 'Done' });
    await ok(m, m.poster, 'open_dispute', { p_application_id: app, p_reason: 'Not done' });
    const resolve = { p_application_id: app, p_outcome: 'release', p_note: 'Looks done' };
    expect(await rpc(m.be, olga, 'operator_resolve_dispute', resolve)).toEqual(refusal(403, '42501', 'Only a Need40 operator can resolve a dispute'));
    // A member's own metadata is not the role; nor is a token that says so.
    const claims = { sub: olga.id, role: 'authenticated', aud: 'authenticated', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600, app_metadata: { role: 'operator' }, user_metadata: { role: 'operator' } };
    expect(await rpc(m.be, { ...olga, token: await signJwt(claims, m.be.config.JWT_SECRET) }, 'operator_resolve_dispute', resolve)).toMatchObject({ status: 403 });

    expect(await adminSetRole(olga.id, { role: 'operator' })).toBe(200);
    const { data: seen } = await as(m.be, olga).from('operator_disputes').select('id').eq('id', app);
    expect(seen).toEqual([{ id: app }]);
    expect(await adminSetRole(olga.id, { role: null })).toBe(200);
    // The same token, a second later: the role is gone.
    expect((await as(m.be, olga).from('operator_disputes').select('id')).data).toEqual([]);
    expect(await rpc(m.be, olga, 'operator_resolve_dispute', resolve)).toEqual(refusal(403, '42501', 'Only a Need40 operator can resolve a dispute'));
  });

  it('never decides on money of their own', async () => {
    await makeOperator(m.be, m.poster);
    try {
      const { app } = await deliveredDeal(m);
      await ok(m, m.worker, 'open_dispute', { p_application_id: app, p_reason: 'Unpaid' });
      expect(await rpc(m.be, m.poster, 'operator_resolve_dispute', { p_application_id: app, p_outcome: 'refund', p_note: 'Mine' }))
        .toEqual(refusal(403, '42501', 'An operator cannot decide on their own money: another operator must'));
      const pay = await ok<{ id: string }>(m, m.poster, 'record_payment', { p_amount: 600, p_payment_method: 'paypal', p_status: 'pending', p_metadata: { kind: 'pay' } });
      expect(await rpc(m.be, m.poster, 'operator_confirm_payment', { p_payment_id: pay.id, p_reference: 'self' }))
        .toEqual(refusal(403, '42501', 'An operator cannot decide on their own money: another operator must'));
    } finally {
      await makeOperator(m.be, m.poster, false);
    }
  });
});

describe('the money queues', () => {
  it('list to operators only: funds awaiting, payouts due, refunds due, revenue by week and month', async () => {
    const { app } = await deliveredDeal(m);
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    const pending = (await fundedDeal(m)).app;
    await ok(m, m.poster, 'cancel_deal', { p_application_id: pending });
    const { data: payouts } = await as(m.be, m.operator).from('operator_payouts_due').select('application_id, worker_name, amount_cents').eq('application_id', app);
    expect(payouts).toEqual([{ application_id: app, worker_name: 'Wendy Worker', amount_cents: 57000 }]);
    const { data: refunds } = await as(m.be, m.operator).from('operator_refunds_due').select('application_id, amount_cents').eq('application_id', pending);
    expect(refunds).toEqual([{ application_id: pending, amount_cents: 60000 }]);
    const { data: revenue } = await as(m.be, m.operator).from('operator_revenue').select('period, fees_cents').order('period');
    expect(revenue).toEqual(expect.arrayContaining([expect.objectContaining({ period: 'month' }), expect.objectContaining({ period: 'week' })]));
    expect((revenue as { fees_cents: number }[]).every((r) => r.fees_cents >= 3000)).toBe(true);
    for (const who of [m.poster, m.worker]) {
      for (const view of ['operator_funds_awaiting', 'operator_payouts_due', 'operator_refunds_due', 'operator_disputes', 'operator_revenue', 'operator_payment_events']) {
        expect((await as(m.be, who).from(view).select('*')).data, view).toEqual([]);
      }
    }
    expect((await as(m.be).from('operator_payouts_due').select('*')).status).toBe(401);
  });

  it('the campaign\'s figures are public and come from the books', async () => {
    const before = (await as(m.be).rpc('campaign_progress')).data as { gigs_released_this_week: number; paid_to_workers_cents: number; fees_kept_cents: number }[];
    const { app } = await deliveredDeal(m);
    await ok(m, m.poster, 'approve_work', { p_application_id: app });
    await ok(m, m.operator, 'operator_record_payout', { p_application_id: app, p_method: 'paypal', p_reference: 'CAMPAIGN-1' });
    const after = (await as(m.be).rpc('campaign_progress')).data as typeof before;
    expect(after[0]).toMatchObject({
      weekly_goal: 10,
      gigs_released_this_week: before[0]!.gigs_released_this_week + 1,
      paid_to_workers_cents: before[0]!.paid_to_workers_cents + 57000,
      fees_kept_cents: before[0]!.fees_kept_cents + 3000,
    });
  });
});
