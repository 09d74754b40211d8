/**
 * The application process over real HTTP (supabase-js): every transition, the side effects each
 * one has (gig status, applicant_count, the other applications, the event trail), and every
 * refusal with its status, SQLSTATE and message.
 */
import { describe, expect, it } from 'vitest';
import { apply, as, postGig, refusal, rpc, sql, useMarket } from './helpers';

const m = useMarket();

async function gigRow(id: string) {
  const { data } = await as(m.be).from('gigs').select('status, applicant_count').eq('id', id).single();
  return data as { status: string; applicant_count: number };
}

async function events(applicationId: string) {
  return sql<{ transition: string; from_status: string; to_status: string; actor_role: string; actor_id: string | null }>(
    m.be, 'select transition, from_status, to_status, actor_role, actor_id from public.application_events where application_id = $1 order by id', [applicationId]);
}

describe('apply', () => {
  it('a worker applies once: the application is pending, the gig counts one applicant, the event is written', async () => {
    const gig = await postGig(m.be, m.poster);
    const a = await rpc(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: '  I have painted many fences.  ', p_proposed_rate: 28, p_available_from: new Date().toISOString().slice(0, 10) });
    expect(a.status).toBe(200);
    expect(a.data).toMatchObject({ gig_id: gig, worker_id: m.worker.id, poster_id: m.poster.id, message: 'I have painted many fences.', proposed_rate: 28, status: 'applied', decline_notice: null });
    expect(await gigRow(gig)).toEqual({ status: 'active', applicant_count: 1 });
    expect(await events((a.data as { id: string }).id)).toEqual([{ transition: 'apply', from_status: 'initial', to_status: 'applied', actor_role: 'worker', actor_id: m.worker.id }]);
    expect(await rpc(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: 'Again' })).toEqual(refusal(409, '23505', 'You have already applied to this gig'));
    expect((await gigRow(gig)).applicant_count).toBe(1);
  });

  it("refuses a visitor, one's own gig, an unknown gig and bad input, each with its own error", async () => {
    const gig = await postGig(m.be, m.poster);
    const fixed = await postGig(m.be, m.poster, { payment_type: 'fixed', rate: 500 });
    const cases: [Parameters<typeof rpc>[1], Record<string, unknown>, ReturnType<typeof refusal>][] = [
      [undefined, { p_gig_id: gig, p_message: 'Hi' }, refusal(401, '42501', 'You must be logged in to apply')],
      [m.poster, { p_gig_id: gig, p_message: 'Hi' }, refusal(400, 'N4003', 'You cannot apply to your own gig')],
      [m.worker, { p_gig_id: '00000000-0000-4000-8000-000000000000', p_message: 'Hi' }, refusal(400, 'N4001', 'This gig does not exist or was removed')],
      [m.worker, { p_gig_id: null, p_message: 'Hi' }, refusal(400, '22023', /p_gig_id is required/)],
      [m.worker, { p_gig_id: gig, p_message: '   ' }, refusal(400, '22023', 'Write a message to the poster')],
      [m.worker, { p_gig_id: gig, p_message: null }, refusal(400, '22023', 'Write a message to the poster')],
      [m.worker, { p_gig_id: gig, p_message: 'x'.repeat(2001) }, refusal(400, '22023', 'Your message must be at most 2000 characters')],
      [m.worker, { p_gig_id: fixed, p_message: 'Hi', p_proposed_rate: 450 }, refusal(400, '22023', 'A proposed rate applies only to hourly gigs')],
      [m.worker, { p_gig_id: gig, p_message: 'Hi', p_proposed_rate: 0 }, refusal(400, '22023', 'The proposed rate must be greater than 0 and at most 1000000')],
      [m.worker, { p_gig_id: gig, p_message: 'Hi', p_available_from: '2001-01-01' }, refusal(400, '22023', 'The start date must be between today and two years from now')],
      // The apply form's latest start date is 730 days ahead (APPLY_LIMITS.startDaysAhead): one more is refused here too.
      [m.worker, { p_gig_id: gig, p_message: 'Hi', p_available_from: new Date(Date.now() + 731 * 86_400_000).toISOString().slice(0, 10) }, refusal(400, '22023', 'The start date must be between today and two years from now')],
      [m.worker, { p_gig_id: 'not-a-uuid', p_message: 'Hi' }, refusal(400, '22P02', /uuid/)],
    ];
    for (const [who, args, expected] of cases) expect(await rpc(m.be, who, 'apply_to_gig', args), JSON.stringify(args).slice(0, 80)).toEqual(expected);
    expect(await gigRow(gig)).toEqual({ status: 'active', applicant_count: 0 });
    expect(await sql(m.be, 'select 1 from public.applications where gig_id = any($1::uuid[])', [[gig, fixed]])).toEqual([]);
  });
});

describe('withdraw', () => {
  it('only the applicant withdraws, only while pending; a withdrawn application can be sent again', async () => {
    const gig = await postGig(m.be, m.poster);
    const id = await apply(m.be, m.worker, gig);
    expect(await rpc(m.be, m.stranger, 'withdraw_application', { p_application_id: id })).toEqual(refusal(400, 'N4004', 'Application not found'));
    expect(await rpc(m.be, m.poster, 'withdraw_application', { p_application_id: id })).toEqual(refusal(403, '42501', 'Only the applicant can withdraw this application'));
    expect(await rpc(m.be, undefined, 'withdraw_application', { p_application_id: id })).toEqual(refusal(401, '42501', 'You must be logged in to withdraw an application'));
    const w = await rpc(m.be, m.worker, 'withdraw_application', { p_application_id: id });
    expect([w.status, (w.data as { status: string }).status]).toEqual([200, 'withdrawn']);
    expect(await gigRow(gig)).toEqual({ status: 'active', applicant_count: 0 });
    expect(await rpc(m.be, m.worker, 'withdraw_application', { p_application_id: id })).toEqual(refusal(400, 'N4005', 'This application is withdrawn and can no longer be changed that way'));
    expect(await rpc(m.be, m.poster, 'accept_application', { p_application_id: id })).toEqual(refusal(400, 'N4005', /is withdrawn/));
    // Sent again only 10 minutes after the withdraw (mail-limits.test.ts: the cooldown stops mail bombing).
    expect(await rpc(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: 'Changed my mind' })).toEqual(refusal(400, 'N4290', /^You withdrew this application a moment ago/));
    await sql(m.be, "update public.application_events set created_at = created_at - interval '11 minutes' where application_id = $1", [id]);
    const again = await rpc(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: 'Changed my mind', p_proposed_rate: 35 });
    expect(again.data).toMatchObject({ id, status: 'applied', message: 'Changed my mind', proposed_rate: 35 });
    expect(await gigRow(gig)).toEqual({ status: 'active', applicant_count: 1 });
    expect((await events(id)).map((e) => e.transition)).toEqual(['apply', 'withdraw', 'reapply']);
    expect(await rpc(m.be, m.worker, 'withdraw_application', { p_application_id: '00000000-0000-4000-8000-000000000000' })).toEqual(refusal(400, 'N4004', 'Application not found'));
  });
});

describe('accept and decline', () => {
  it('accepting fills the gig and declines the other pending applications with a courteous notice', async () => {
    const gig = await postGig(m.be, m.poster);
    const chosen = await apply(m.be, m.worker, gig);
    const other = await apply(m.be, m.third, gig);
    const gone = await apply(m.be, m.stranger, gig);
    await rpc(m.be, m.stranger, 'withdraw_application', { p_application_id: gone });

    expect(await rpc(m.be, m.worker, 'accept_application', { p_application_id: chosen })).toEqual(refusal(403, '42501', "Only the gig's poster can accept this application"));
    expect(await rpc(m.be, m.stranger, 'accept_application', { p_application_id: chosen })).toEqual(refusal(400, 'N4004', 'Application not found'));
    expect(await rpc(m.be, undefined, 'accept_application', { p_application_id: chosen })).toEqual(refusal(401, '42501', 'You must be logged in to accept an application'));

    const a = await rpc(m.be, m.poster, 'accept_application', { p_application_id: chosen });
    expect([a.status, (a.data as { status: string }).status]).toEqual([200, 'accepted']);
    expect(await gigRow(gig)).toEqual({ status: 'filled', applicant_count: 2 });
    const rows = await sql<{ id: string; status: string; decline_notice: string | null }>(m.be, 'select id, status, decline_notice from public.applications where gig_id = $1', [gig]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(chosen)).toMatchObject({ status: 'accepted', decline_notice: null });
    expect(byId.get(other)).toMatchObject({ status: 'declined', decline_notice: 'Thank you for applying. The poster has chosen another applicant, so this gig is now filled.' });
    expect(byId.get(gone)).toMatchObject({ status: 'withdrawn' });
    expect(await events(other)).toEqual([
      expect.objectContaining({ transition: 'apply' }),
      { transition: 'decline_others', from_status: 'applied', to_status: 'declined', actor_role: 'system', actor_id: m.poster.id },
    ]);

    expect(await rpc(m.be, m.poster, 'accept_application', { p_application_id: chosen })).toEqual(refusal(400, 'N4005', /is accepted/));
    expect(await rpc(m.be, m.poster, 'decline_application', { p_application_id: chosen })).toEqual(refusal(400, 'N4005', /is accepted/));
    expect(await rpc(m.be, m.worker, 'withdraw_application', { p_application_id: chosen })).toEqual(refusal(400, 'N4005', /is accepted/));
    expect(await rpc(m.be, m.stranger, 'apply_to_gig', { p_gig_id: gig, p_message: 'Late' })).toEqual(refusal(400, 'N4002', 'This gig is no longer open for applications'));
    expect(await rpc(m.be, m.poster, 'close_gig', { p_gig_id: gig })).toEqual(refusal(400, 'N4002', 'This gig is already filled'));
  });

  it('the poster declines one application; only the poster may', async () => {
    const gig = await postGig(m.be, m.poster);
    const id = await apply(m.be, m.worker, gig);
    expect(await rpc(m.be, m.worker, 'decline_application', { p_application_id: id })).toEqual(refusal(403, '42501', "Only the gig's poster can decline this application"));
    const d = await rpc(m.be, m.poster, 'decline_application', { p_application_id: id });
    expect(d.data).toMatchObject({ status: 'declined', decline_notice: 'Thank you for applying. The poster has decided to go ahead with other applicants this time.' });
    expect(await gigRow(gig)).toEqual({ status: 'active', applicant_count: 1 });
    expect(await rpc(m.be, m.poster, 'decline_application', { p_application_id: id })).toEqual(refusal(400, 'N4005', /is declined/));
  });

  it('two accepts at once on one gig: exactly one wins', async () => {
    const gig = await postGig(m.be, m.poster);
    const ids = [await apply(m.be, m.worker, gig), await apply(m.be, m.third, gig)];
    const answers = await Promise.all(ids.map((id) => rpc(m.be, m.poster, 'accept_application', { p_application_id: id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)).toEqual(refusal(400, 'N4005', /is declined/));
    const statuses = await sql<{ status: string }>(m.be, 'select status from public.applications where gig_id = $1 order by status', [gig]);
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'declined']);
  });
});

describe('close a gig', () => {
  it('the poster closes an open gig without choosing: pending applications are closed with a notice', async () => {
    const gig = await postGig(m.be, m.poster);
    const id = await apply(m.be, m.worker, gig);
    expect(await rpc(m.be, m.worker, 'close_gig', { p_gig_id: gig })).toEqual(refusal(403, '42501', "Only the gig's poster can close it"));
    expect(await rpc(m.be, undefined, 'close_gig', { p_gig_id: gig })).toEqual(refusal(401, '42501', 'You must be logged in to close a gig'));
    expect(await rpc(m.be, m.poster, 'close_gig', { p_gig_id: '00000000-0000-4000-8000-000000000000' })).toEqual(refusal(400, 'N4001', 'This gig does not exist or was removed'));
    const c = await rpc(m.be, m.poster, 'close_gig', { p_gig_id: gig });
    expect(c.data).toMatchObject({ id: gig, status: 'closed', applicant_count: 1 });
    expect((await sql(m.be, 'select status, decline_notice from public.applications where id = $1', [id]))[0]).toEqual({
      status: 'closed', decline_notice: 'Thank you for applying. The poster has closed this gig without choosing an applicant.',
    });
    expect((await events(id)).at(-1)).toMatchObject({ transition: 'close', actor_role: 'system', actor_id: m.poster.id });
    expect(await rpc(m.be, m.poster, 'close_gig', { p_gig_id: gig })).toEqual(refusal(400, 'N4002', 'This gig is already closed'));
    expect(await rpc(m.be, m.third, 'apply_to_gig', { p_gig_id: gig, p_message: 'Hi' })).toEqual(refusal(400, 'N4002', 'This gig is no longer open for applications'));
    expect(await rpc(m.be, m.poster, 'accept_application', { p_application_id: id })).toEqual(refusal(400, 'N4005', /is closed/));
  });
});

describe('direct table writes cannot skip the process', () => {
  it('no insert, update or delete of applications or events, no gig status or applicant_count, for anyone but the functions', async () => {
    const gig = await postGig(m.be, m.poster);
    const id = await apply(m.be, m.worker, gig);
    const w = as(m.be, m.worker);
    const p = as(m.be, m.poster);
    const denied = expect.objectContaining({ status: 403, error: expect.objectContaining({ code: '42501' }) });
    expect(await w.from('applications').insert({ gig_id: gig, worker_id: m.third.id, poster_id: m.poster.id, message: 'forged' })).toEqual(denied);
    expect(await w.from('applications').update({ status: 'accepted' }).eq('id', id)).toEqual(denied);
    expect(await p.from('applications').update({ status: 'accepted' }).eq('id', id)).toEqual(denied);
    expect(await p.from('applications').delete().eq('id', id)).toEqual(denied);
    expect(await p.from('application_events').insert({ application_id: id, transition: 'accept', from_status: 'applied', to_status: 'accepted', actor_role: 'poster' })).toEqual(denied);
    expect(await p.from('gigs').update({ status: 'filled' }).eq('id', gig)).toEqual(denied);
    expect(await p.from('gigs').update({ applicant_count: 99 }).eq('id', gig)).toEqual(denied);
    expect(await p.from('gigs').insert({ title: 'T', description: 'D', rate: 1, hours: 1, location: 'remote', user_id: m.poster.id, status: 'filled' })).toEqual(denied);
    expect(await gigRow(gig)).toEqual({ status: 'active', applicant_count: 1 });
    expect((await sql(m.be, 'select status from public.applications where id = $1', [id]))[0]).toEqual({ status: 'applied' });
  });
});
