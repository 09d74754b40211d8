/**
 * What an operator does about a member, over real HTTP: a warning by email; a ban that ends their
 * sessions at once (no refresh, every write refused with the token they still hold), hides their
 * open gigs and withdraws their pending applications with a courteous notice to each poster; the
 * unban that lists those gigs again. Neither is allowed on oneself or on another operator except
 * with the service role. Every action is audited.
 */
import { describe, expect, it } from 'vitest';
import { createUser, serviceClient, type TestUser } from 'backend/test/rest/helpers';
import { send, signUp } from 'backend/test/security/helpers';
import { apply, as, postGig, refusal, rpc, sql, useMarket } from './helpers';
import { auditOf, makeOperator, queued } from './moderation-helpers';

const m = useMarket({ MAILER_AUTOCONFIRM: 'true' });
const WITHDRAWN = 'This applicant\'s account has been suspended by the Need40 team, so their application was withdrawn. We are sorry for the trouble.';
let ops: [TestUser, TestUser] | undefined;
const operators = async () => {
  ops ??= [await createUser(m.be, 'op-one@example.com', 'Olga One'), await createUser(m.be, 'op-two@example.com', 'Otto Two')];
  for (const o of ops) await makeOperator(m.be, o);
  return ops;
};

describe('warning a member', () => {
  it('emails them the operator\'s words, decides the reports about them, and is audited', async () => {
    const [op] = await operators();
    await rpc(m.be, m.worker, 'report_item', { p_kind: 'profile', p_target_id: m.third.id, p_reason: 'harassment' });
    expect((await rpc(m.be, op, 'admin_warn_member', { p_user_id: m.third.id, p_reason: 'Keep messages polite.' })).status).toBe(204);
    expect(await queued(m.be, m.third, 'member_warning')).toEqual([{ notice: 'Keep messages polite.' }]);
    expect((await as(m.be, m.worker).from('reports').select('status, outcome').eq('target_id', m.third.id).single()).data)
      .toEqual({ status: 'actioned', outcome: 'Thank you for your report. We reviewed this member and warned them.' });
    expect(await auditOf(m.be, 'profile', m.third.id)).toEqual([expect.objectContaining({ actor_id: op.id, action: 'member_warned', reason: 'Keep messages polite.' })]);
    expect(await rpc(m.be, op, 'admin_warn_member', { p_user_id: '00000000-0000-4000-8000-000000000000', p_reason: 'x' })).toEqual(refusal(404, 'PT404', 'No such member'));
    expect(await rpc(m.be, op, 'admin_warn_member', { p_user_id: m.third.id, p_reason: 'y'.repeat(1001) })).toEqual(refusal(400, '22023', 'A reason must be at most 1000 characters'));
  });
});

describe('banning a member', () => {
  it('ends their sessions and writes at once, hides their open gigs, withdraws their applications with a notice; the unban lists the gigs again', async () => {
    const [op] = await operators();
    const b = await signUp(m.be, 'troublemaker@example.com', 'troublemaker-password', { full_name: 'Tom Trouble' });
    const bUser = { id: b.id, email: b.email, token: b.access };
    const bGig = await postGig(m.be, bUser, { title: 'Totally legit job' });
    const wApp = await apply(m.be, m.worker, bGig);
    const pGig = await postGig(m.be, m.poster, { title: 'Fix a tap' });
    const bApp = await apply(m.be, bUser, pGig);

    expect(await rpc(m.be, op, 'admin_ban_member', { p_user_id: b.id, p_reason: 'Scams', p_days: 0 })).toEqual(refusal(400, '22023', 'A ban lasts 1 to 36500 days (leave it empty for a permanent ban)'));
    const ban = await rpc<{ banned_until: string; hidden_gigs: string[]; withdrawn_applications: string[] }>(m.be, op, 'admin_ban_member', { p_user_id: b.id, p_reason: 'Ran a deposit scam.', p_days: 30 });
    expect(ban.status).toBe(200);
    expect(ban.data).toMatchObject({ hidden_gigs: [bGig], withdrawn_applications: [bApp] });
    // At once: no refresh, and the token they still hold writes nothing.
    expect((await send(m.be, { method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: { refresh_token: b.refresh } })).status).toBe(400);
    expect(await rpc(m.be, bUser, 'send_message', { p_application_id: bApp, p_body: 'still here' })).toEqual(refusal(403, '42501', /^Your account is suspended, so you cannot /));
    // Their gig leaves the grid; the applicant to it keeps their application.
    expect((await as(m.be).from('gigs').select('id').eq('id', bGig)).data).toEqual([]);
    expect((await as(m.be, m.worker).from('applications').select('status').eq('id', wApp).single()).data).toEqual({ status: 'applied' });
    // Their application is withdrawn, and the poster reads why.
    expect((await as(m.be, m.poster).from('applications').select('status, decline_notice').eq('id', bApp).single()).data).toEqual({ status: 'withdrawn', decline_notice: WITHDRAWN });
    expect(await queued(m.be, m.poster, 'application_withdrawn')).toEqual([expect.objectContaining({ application_id: bApp, gig_title: 'Fix a tap', worker_name: 'Tom Trouble', notice: WITHDRAWN })]);
    expect(await queued(m.be, bUser, 'account_suspended')).toEqual([expect.objectContaining({ notice: 'Ran a deposit scam.' })]);
    expect((await auditOf(m.be, 'profile', b.id))[0]).toMatchObject({ actor_id: op.id, action: 'member_banned', before: { banned_until: null, operator: false }, after: { hidden_gigs: [bGig], withdrawn_applications: [bApp] } });
    expect(await rpc(m.be, op, 'admin_ban_member', { p_user_id: b.id, p_reason: 'again' })).toEqual(refusal(409, 'PT409', /^This member is already banned until /));

    const unban = await rpc(m.be, op, 'admin_unban_member', { p_user_id: b.id, p_reason: 'Refunded everyone.' });
    expect(unban.data).toEqual({ banned_until: null, restored_gigs: [bGig] });
    expect((await as(m.be).from('gigs').select('id').eq('id', bGig)).data).toEqual([{ id: bGig }]);
    expect((await as(m.be, m.poster).from('applications').select('status').eq('id', bApp).single()).data).toEqual({ status: 'withdrawn' });
    const signIn = await send(m.be, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: b.email, password: b.password } });
    expect(signIn.status).toBe(200);
    expect(await rpc(m.be, op, 'admin_unban_member', { p_user_id: b.id, p_reason: 'again' })).toEqual(refusal(409, 'PT409', 'This member is not banned'));
    expect((await auditOf(m.be, 'profile', b.id)).map((a) => a.action)).toEqual(['member_banned', 'member_unbanned']);
  });

  it('is refused for the operator themselves and for another operator; the service role may ban an operator', async () => {
    const [one, two] = await operators();
    expect(await rpc(m.be, one, 'admin_ban_member', { p_user_id: one.id, p_reason: 'x' })).toEqual(refusal(403, '42501', 'An operator cannot ban themselves'));
    expect(await rpc(m.be, one, 'admin_ban_member', { p_user_id: two.id, p_reason: 'x' })).toEqual(refusal(403, '42501', 'An operator cannot ban another operator: that takes the service role'));
    expect(await rpc(m.be, one, 'admin_unban_member', { p_user_id: two.id, p_reason: 'x' })).toEqual(refusal(403, '42501', 'An operator cannot unban another operator: that takes the service role'));
    expect(await sql(m.be, 'select banned_until from auth.users where id = $1', [two.id])).toEqual([{ banned_until: null }]);

    const service = serviceClient(m.be);
    // No days: a permanent ban (36500 days).
    const banned = await service.rpc('admin_ban_member', { p_user_id: two.id, p_reason: 'Leaked member data.' });
    expect(banned.error).toBeNull();
    expect(new Date((banned.data as { banned_until: string }).banned_until).getTime()).toBeGreaterThan(Date.now() + 36_400 * 86_400_000);
    // A banned operator is no operator.
    expect(await rpc(m.be, two, 'admin_warn_member', { p_user_id: m.third.id, p_reason: 'x' })).toEqual(refusal(403, '42501', /^Your account is suspended/));
    expect((await auditOf(m.be, 'profile', two.id))[0]).toMatchObject({ actor_id: null, actor_role: 'service', action: 'member_banned', before: { operator: true } });
    expect((await service.rpc('admin_unban_member', { p_user_id: two.id, p_reason: 'Cleared.' })).error).toBeNull();
  });
});
