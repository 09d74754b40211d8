/**
 * Reports and the moderation of gigs and messages, over real HTTP with supabase-js: a member
 * reports what they see (one open report per item), an operator hides or restores a gig (it leaves
 * the grid, the search and realtime; its poster is told why), removes a message, or decides a
 * report — the reporter hears the outcome, and every action leaves an audit row. A poster deleting
 * a gig that has applications hides it instead, on the record.
 */
import { describe, expect, it } from 'vitest';
import { Inbox, rtClient, settle, subscribed, closeAll } from 'backend/test/realtime/helpers';
import { createUser, type TestUser } from 'backend/test/rest/helpers';
import { apply, as, postGig, refusal, rpc, sql, useMarket } from './helpers';
import { auditOf, makeOperator, queued } from './moderation-helpers';

const m = useMarket();
let op: TestUser;
const operator = async () => {
  if (!op) {
    op = await createUser(m.be, 'moderator@example.com', 'Mo Derator');
    await makeOperator(m.be, op);
  }
  return op;
};
const report = (who: TestUser, kind: string, id: string, reason = 'scam', note?: string) =>
  rpc(m.be, who, 'report_item', { p_kind: kind, p_target_id: id, p_reason: reason, p_note: note });
const listed = async (gigId: string) => ((await as(m.be).from('gigs').select('id').eq('id', gigId)).data ?? []).length === 1;

describe('reporting', () => {
  it('a member reports a gig once until it is decided, reads their own report and hears the outcome', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Too good to be true' });
    const first = await report(m.worker, 'gig', gig, 'scam', '  Asks for a deposit by wire.  ');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ reporter_id: m.worker.id, target_kind: 'gig', target_id: gig, reason: 'scam', note: 'Asks for a deposit by wire.', status: 'open', outcome: null });
    expect(await report(m.worker, 'gig', gig, 'spam')).toEqual(refusal(409, '23505', 'You have already reported this gig; we will let you know what we decide'));
    // Only the reporter reads it.
    expect((await as(m.be, m.stranger).from('reports').select('id')).data).toEqual([]);
    expect((await as(m.be, m.poster).from('reports').select('id')).data).toEqual([]);

    const decided = await rpc(m.be, await operator(), 'admin_resolve_report', { p_report_id: (first.data as { id: string }).id, p_resolution: 'dismissed', p_reason: 'A deposit is allowed for materials.' });
    expect(decided.status).toBe(200);
    const mine = (await as(m.be, m.worker).from('reports').select('status, outcome').eq('target_id', gig)).data;
    expect(mine).toEqual([{ status: 'dismissed', outcome: 'Thank you for your report. We reviewed it and found nothing against our rules this time.' }]);
    expect((await queued(m.be, m.worker, 'report_resolved')).at(-1)).toMatchObject({ target_kind: 'gig', gig_id: gig, notice: mine![0]!.outcome });
    expect(await rpc(m.be, op, 'admin_resolve_report', { p_report_id: (first.data as { id: string }).id, p_resolution: 'actioned', p_reason: 'again' }))
      .toEqual(refusal(409, 'PT409', 'This report was already decided (dismissed)'));
    // Decided: the member may report it again.
    expect((await report(m.worker, 'gig', gig, 'spam')).status).toBe(200);
    expect(await auditOf(m.be, 'report', (first.data as { id: string }).id)).toEqual([
      expect.objectContaining({ actor_id: op.id, actor_role: 'operator', action: 'report_dismissed', reason: 'A deposit is allowed for materials.', before: { status: 'open' } }),
    ]);
  });

  it('refuses what the member cannot report, with a clear 4xx', async () => {
    const gig = await postGig(m.be, m.poster);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await report(m.poster, 'gig', gig)).toEqual(refusal(400, '22023', 'You cannot report your own gig'));
    expect(await report(m.worker, 'profile', m.worker.id)).toEqual(refusal(400, '22023', 'You cannot report your own profile'));
    expect(await report(m.worker, 'gig', missing)).toEqual(refusal(404, 'PT404', 'There is no such gig to report'));
    expect(await report(m.worker, 'invoice', gig)).toEqual(refusal(400, '22023', /^What are you reporting\?/));
    expect(await report(m.worker, 'gig', gig, 'boring')).toEqual(refusal(400, '22023', 'Choose a reason: scam, spam, harassment, inappropriate or other'));
    expect(await report(m.worker, 'gig', gig, 'other', 'x'.repeat(1001))).toEqual(refusal(400, '22023', 'Your note must be at most 1000 characters'));
    expect(await rpc(m.be, undefined, 'report_item', { p_kind: 'gig', p_target_id: gig, p_reason: 'spam' })).toEqual(refusal(401, '42501', 'You must be logged in to report this'));
    // A message only in one's own thread.
    const app = await apply(m.be, m.worker, gig);
    const sent = await rpc<{ id: string }>(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'Pay me outside the site' });
    expect(await report(m.stranger, 'message', sent.data.id)).toEqual(refusal(404, 'PT404', 'There is no such message to report'));
    expect(await report(m.worker, 'message', sent.data.id)).toEqual(refusal(400, '22023', 'You cannot report your own message'));
  });

  it('at most 20 reports a day per member', async () => {
    const member = await createUser(m.be, 'eager-reporter@example.com', 'Eager Reporter');
    await sql(m.be, `insert into public.reports (reporter_id, target_kind, target_id, reason, status, outcome, resolved_at)
      select $1, 'profile', $2, 'spam', 'dismissed', 'x', now() from generate_series(1, 20)`, [member.id, m.third.id]);
    expect(await report(member, 'profile', m.third.id)).toEqual(refusal(429, 'PT429', 'You have sent 20 reports today: please try again tomorrow'));
  });
});

describe('hiding and restoring a gig', () => {
  it('leaves the grid, the search and realtime, tells the poster why, decides its reports, and is audited', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Crypto courier wanted' });
    const rWorker = (await report(m.worker, 'gig', gig, 'scam')).data as { id: string };
    await report(m.third, 'gig', gig, 'spam');
    const watcher = await rtClient(m.be);
    const gigs = new Inbox<{ eventType: string; new: Record<string, unknown> }>();
    const takedowns = new Inbox<{ eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }>();
    await subscribed(watcher.sb.channel('grid')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'gigs' }, (p) => gigs.push(p as never))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'gig_takedowns' }, (p) => takedowns.push(p as never)));

    const reason = 'Asks workers to carry cash for strangers.';
    expect(await rpc(m.be, await operator(), 'admin_hide_gig', { p_gig_id: gig, p_reason: '   ' })).toEqual(refusal(400, '22023', 'Give a reason: it goes on the record'));
    const hidden = await rpc(m.be, op, 'admin_hide_gig', { p_gig_id: gig, p_reason: reason });
    expect(hidden.data).toMatchObject({ id: gig, hidden_cause: 'moderation', hidden_reason: reason });
    await takedowns.until((xs) => xs.some((x) => x.eventType === 'INSERT' && x.new.gig_id === gig));
    await settle();
    expect(gigs.items).toEqual([]);
    expect(await listed(gig)).toBe(false);
    expect((await as(m.be, m.stranger).from('gigs').select('id').ilike('title', '%courier%')).data).toEqual([]);
    expect((await as(m.be, m.poster).from('gigs').select('hidden_cause, hidden_reason').eq('id', gig).single()).data).toEqual({ hidden_cause: 'moderation', hidden_reason: reason });
    expect((await queued(m.be, m.poster, 'gig_hidden')).at(-1)).toMatchObject({ gig_id: gig, gig_title: 'Crypto courier wanted', notice: reason });
    expect((await as(m.be, m.worker).from('reports').select('status, outcome').eq('id', rWorker.id).single()).data)
      .toEqual({ status: 'actioned', outcome: 'Thank you for your report. We reviewed this gig and removed it from Need40.' });
    expect((await queued(m.be, m.third, 'report_resolved')).at(-1)).toMatchObject({ gig_id: gig });
    expect(await rpc(m.be, m.worker, 'apply_to_gig', { p_gig_id: gig, p_message: 'hi' })).toEqual(refusal(400, 'N4001', 'This gig does not exist or was removed'));
    expect(await report(m.stranger, 'gig', gig)).toEqual(refusal(404, 'PT404', 'There is no such gig to report'));
    expect(await rpc(m.be, op, 'admin_hide_gig', { p_gig_id: gig, p_reason: reason })).toEqual(refusal(409, 'PT409', 'This gig is already hidden (moderation)'));

    const restored = await rpc(m.be, op, 'admin_restore_gig', { p_gig_id: gig, p_reason: 'The poster explained it is a real delivery job.' });
    expect(restored.data).toMatchObject({ id: gig, hidden_at: null, hidden_cause: null });
    await takedowns.until((xs) => xs.some((x) => x.eventType === 'DELETE' && x.old.gig_id === gig));
    expect(await listed(gig)).toBe(true);
    expect(await queued(m.be, m.poster, 'gig_restored')).toEqual([expect.objectContaining({ gig_id: gig })]);
    expect(await rpc(m.be, op, 'admin_restore_gig', { p_gig_id: gig, p_reason: 'again' })).toEqual(refusal(409, 'PT409', 'This gig is not hidden'));
    expect((await auditOf(m.be, 'gig', gig)).map((a) => [a.action, a.actor_role, a.reason, a.before?.hidden_cause ?? null, a.after?.hidden_cause ?? null])).toEqual([
      ['gig_hidden', 'operator', reason, null, 'moderation'],
      ['gig_restored', 'operator', 'The poster explained it is a real delivery job.', 'moderation', null],
    ]);
    // The operator reads the record through the console's view.
    const log = await as(m.be, op).from('admin_audit_log').select('action, actor_name').eq('target_id', gig).order('id');
    expect(log.data).toEqual([{ action: 'gig_hidden', actor_name: 'Mo Derator' }, { action: 'gig_restored', actor_name: 'Mo Derator' }]);
    await closeAll([watcher]);
  });

  it('answers 404 for a gig that does not exist', async () => {
    expect(await rpc(m.be, await operator(), 'admin_hide_gig', { p_gig_id: '00000000-0000-4000-8000-000000000000', p_reason: 'x' })).toEqual(refusal(404, 'PT404', 'No such gig'));
  });
});

describe('removing a message', () => {
  it('replaces its text with a notice, keeps the original on the record and decides its reports', async () => {
    const gig = await postGig(m.be, m.poster);
    const app = await apply(m.be, m.worker, gig);
    const sent = await rpc<{ id: string }>(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'Send me your bank password' });
    await report(m.poster, 'message', sent.data.id, 'harassment');
    const removed = await rpc(m.be, await operator(), 'admin_remove_message', { p_message_id: sent.data.id, p_reason: 'Phishing.' });
    expect(removed.data).toMatchObject({ id: sent.data.id, body: 'This message was removed by the Need40 team.' });
    expect((await as(m.be, m.poster).from('application_messages').select('body, removed_at').eq('id', sent.data.id).single()).data)
      .toEqual({ body: 'This message was removed by the Need40 team.', removed_at: expect.any(String) });
    expect((await as(m.be, m.poster).from('reports').select('status').eq('target_id', sent.data.id).single()).data).toEqual({ status: 'actioned' });
    expect((await auditOf(m.be, 'message', sent.data.id))[0]).toMatchObject({ action: 'message_removed', reason: 'Phishing.', before: { body: 'Send me your bank password', sender_id: m.worker.id } });
    expect(await rpc(m.be, op, 'admin_remove_message', { p_message_id: sent.data.id, p_reason: 'x' })).toEqual(refusal(409, 'PT409', 'This message was already removed'));
  });
});

describe('a poster deleting a gig', () => {
  it('that has applications: hidden instead, pending applications closed, the removal audited, history kept', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Move a sofa' });
    const app = await apply(m.be, m.worker, gig);
    const del = await as(m.be, m.poster).from('gigs').delete().eq('id', gig);
    expect(del.error).toBeNull();
    expect(await listed(gig)).toBe(false);
    expect((await as(m.be, m.poster).from('gigs').select('id').eq('id', gig)).data).toEqual([]);
    expect((await as(m.be, m.worker).from('applications').select('status').eq('id', app).single()).data).toEqual({ status: 'closed' });
    expect(await sql(m.be, 'select hidden_cause, status from public.gigs where id = $1', [gig])).toEqual([{ hidden_cause: 'removed', status: 'closed' }]);
    expect((await auditOf(m.be, 'gig', gig))[0]).toMatchObject({ actor_id: m.poster.id, actor_role: 'member', action: 'gig_removed', after: { hidden_cause: 'removed', closed_applications: [app] } });
    expect(await rpc(m.be, await operator(), 'admin_restore_gig', { p_gig_id: gig, p_reason: 'x' })).toEqual(refusal(409, 'PT409', 'Its poster removed this gig; it cannot be restored'));
  });

  it('that has none: deleted as before, nothing on the record', async () => {
    const gig = await postGig(m.be, m.poster);
    expect((await as(m.be, m.poster).from('gigs').delete().eq('id', gig)).error).toBeNull();
    expect(await sql(m.be, 'select id from public.gigs where id = $1', [gig])).toEqual([]);
    expect(await auditOf(m.be, 'gig', gig)).toEqual([]);
  });
});
