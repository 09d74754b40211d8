/**
 * The notification centre's rows: written by the database where the event happens (an application
 * transition, a deal step, a message, a review), to the party who did not act; read by the
 * recipient alone; marked read by mark_notifications_read(); delivered live over /realtime/v1 to
 * the recipient only. (Who may read or write the table at all: security/access-notifications.)
 */
import { describe, expect, it } from 'vitest';
import { closeAll, Inbox, rtClient, subscribed } from 'backend/test/realtime/helpers';
import { apply, as, postGig, refusal, rpc, sql, undoWindowOver, useMarket } from './helpers';

const m = useMarket();

type Row = { kind: string; gig_title: string; actor_name: string; count: number; read_at: string | null; application_id: string | null };
const mine = async (user: typeof m.worker) => {
  const { data, error } = await as(m.be, user).from('notifications').select('kind, gig_title, actor_name, count, read_at, application_id').order('id');
  if (error) throw new Error(error.message);
  return data as Row[];
};

describe('notifications', () => {
  it('an application, an accept, the others declined and a deal step each reach the party who did not act', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Bell gig', payment_type: 'fixed', rate: 120, hours: 2 });
    const chosen = await apply(m.be, m.worker, gig);
    await apply(m.be, m.third, gig);
    expect((await mine(m.poster)).map((r) => [r.kind, r.actor_name, r.gig_title])).toEqual([
      ['apply', 'Wendy Worker', 'Bell gig'],
      ['apply', 'Theo Third', 'Bell gig'],
    ]);
    expect(await mine(m.worker)).toEqual([]);

    expect((await rpc(m.be, m.poster, 'accept_application', { p_application_id: chosen })).error).toBeNull();
    // Held while the poster can undo it; shown once the window is over.
    expect(await mine(m.worker)).toEqual([]);
    await undoWindowOver(m.be);
    expect((await mine(m.worker)).map((r) => [r.kind, r.actor_name, r.application_id])).toEqual([['accept', 'Pat Poster', chosen]]);
    expect((await mine(m.third)).map((r) => [r.kind, r.actor_name])).toEqual([['decline_others', 'Need40']]);
    // The poster acted: nothing new for them.
    expect(await mine(m.poster)).toHaveLength(2);

    expect((await rpc(m.be, m.poster, 'start_funding', { p_application_id: chosen })).error).toBeNull();
    expect((await mine(m.worker)).map((r) => r.kind)).toEqual(['accept', 'start_funding']);
    expect(await mine(m.stranger)).toEqual([]);
  });

  it('messages of one thread share one unread row, counted; a read row starts a new one', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Chatty gig' });
    const app = await apply(m.be, m.worker, gig);
    for (const body of ['Hello', 'Are you there?']) expect((await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: body })).error).toBeNull();
    const chat = async () => (await mine(m.poster)).filter((r) => r.kind === 'message' && r.application_id === app);
    expect((await chat()).map((r) => [r.count, r.actor_name, r.read_at])).toEqual([[2, 'Wendy Worker', null]]);

    const marked = await rpc<number>(m.be, m.poster, 'mark_notifications_read', {});
    expect(marked.data).toBeGreaterThanOrEqual(2);
    expect((await mine(m.poster)).every((r) => r.read_at !== null)).toBe(true);
    await rpc(m.be, m.worker, 'send_message', { p_application_id: app, p_body: 'One more' });
    expect((await chat()).map((r) => [r.count, r.read_at === null])).toEqual([[2, false], [1, true]]);
  });

  it('marking read stops at the newest row the member saw, and only touches their own rows', async () => {
    await rpc(m.be, m.poster, 'mark_notifications_read', {});
    const gig = await postGig(m.be, m.poster, { title: 'Seen gig' });
    await apply(m.be, m.worker, gig);
    const { data } = await as(m.be, m.poster).from('notifications').select('id').is('read_at', null).order('id');
    const seen = (data as { id: number }[]).at(-1)!.id;
    await apply(m.be, m.third, gig);
    const workerBefore = await mine(m.worker);
    expect((await rpc<number>(m.be, m.poster, 'mark_notifications_read', { p_up_to: seen })).data).toBe(1);
    expect((await mine(m.poster)).filter((r) => r.read_at === null).map((r) => r.actor_name)).toEqual(['Theo Third']);
    expect(await mine(m.worker)).toEqual(workerBefore);
  });

  it('a visitor cannot mark anything read; a wrong argument is a 400', async () => {
    expect(await rpc(m.be, undefined, 'mark_notifications_read', {})).toEqual(refusal(401, '42501', 'You must be logged in to mark notifications read'));
    expect((await rpc(m.be, m.poster, 'mark_notifications_read', { p_up_to: 'soon' })).status).toBe(400);
  });

  it('a new notification reaches its recipient over Realtime, and no one else', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Live bell gig' });
    const [posterRt, strangerRt] = [await rtClient(m.be, m.poster.token), await rtClient(m.be, m.stranger.token)];
    const posterInbox = new Inbox<{ new: Row }>();
    const strangerInbox = new Inbox<unknown>();
    await subscribed(posterRt.sb.channel('bell-p').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `recipient_id=eq.${m.poster.id}` }, (p) => posterInbox.push(p as never)));
    await subscribed(strangerRt.sb.channel('bell-s').on('postgres_changes', { event: '*', schema: 'public', table: 'notifications' }, (p) => strangerInbox.push(p)));
    await apply(m.be, m.worker, gig);
    await posterInbox.count(1);
    expect(posterInbox.items[0]!.new).toMatchObject({ kind: 'apply', gig_title: 'Live bell gig', actor_name: 'Wendy Worker' });
    await m.be.app.realtime.idle();
    expect(strangerInbox.items).toEqual([]);
    for (const c of [posterRt, strangerRt]) {
      await c.sb.removeAllChannels();
      c.sb.realtime.disconnect();
    }
  });

  it('a decline can carry the poster\'s note: kept on the application, in the email, and told to the worker', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Noted gig' });
    const app = await apply(m.be, m.worker, gig);
    expect(await rpc(m.be, m.poster, 'decline_application', { p_application_id: app, p_note: 'x'.repeat(501) })).toEqual(refusal(400, '22023', 'A note to the applicant can be at most 500 characters'));
    const declined = await rpc<{ status: string; decline_note: string }>(m.be, m.poster, 'decline_application', { p_application_id: app, p_note: '  Loved your portfolio; next time!  ' });
    expect(declined.data).toMatchObject({ status: 'declined', decline_note: 'Loved your portfolio; next time!' });
    expect(await sql(m.be, "select payload->>'note' as note from private.notification_outbox where kind = 'application_declined' and payload->>'application_id' = $1", [app])).toEqual([{ note: 'Loved your portfolio; next time!' }]);
    await undoWindowOver(m.be);
    expect((await mine(m.worker)).filter((r) => r.application_id === app).map((r) => [r.kind, r.actor_name])).toEqual([['decline', 'Pat Poster']]);
    // Without a note, as before: one argument.
    const other = await apply(m.be, m.third, gig);
    expect((await rpc<{ decline_note: string | null }>(m.be, m.poster, 'decline_application', { p_application_id: other })).data.decline_note).toBeNull();
  });
});

type AppRow = { status: string; decline_notice: string | null; decline_note: string | null; deal_amount_cents: number | null; accepted_at: string | null };
const application = async (id: string) =>
  (await sql<AppRow>(m.be, 'select status, decline_notice, decline_note, deal_amount_cents, accepted_at from public.applications where id = $1', [id]))[0]!;
const held = (ids: string[]) =>
  sql<{ kind: string; held: boolean }>(m.be, "select kind, deliver_after > now() + interval '5 seconds' as held from private.notification_outbox where delivered_at is null and payload->>'application_id' = any($1::text[]) order by id", [ids]);
/** The decision on `app` as if taken `seconds` ago. */
const age = (app: string, seconds: number) => sql(m.be, `update public.application_events set created_at = created_at - make_interval(secs => $2) where application_id = $1`, [app, seconds]);

describe('undoing a decision (10 seconds, the poster only)', () => {
  it('an accept is held, and undone: the gig opens again, the declined come back, nothing is sent; then accepted for good', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Undo gig', payment_type: 'fixed', rate: 200, hours: 4 });
    const chosen = await apply(m.be, m.worker, gig);
    const other = await apply(m.be, m.third, gig);
    expect((await rpc(m.be, m.poster, 'accept_application', { p_application_id: chosen })).error).toBeNull();
    expect(await held([chosen, other])).toEqual([{ kind: 'application_accepted', held: true }, { kind: 'application_declined', held: true }]);
    expect(await sql(m.be, 'select count(*)::int as n from public.notifications where application_id = any($1) and held_until > now()', [[chosen, other]])).toEqual([{ n: 2 }]);

    const undone = await rpc<{ status: string }>(m.be, m.poster, 'undo_decision', { p_application_id: chosen });
    expect(undone).toMatchObject({ status: 200, data: { status: 'applied' } });
    expect(await application(chosen)).toEqual({ status: 'applied', decline_notice: null, decline_note: null, deal_amount_cents: null, accepted_at: null });
    expect(await application(other)).toMatchObject({ status: 'applied', decline_notice: null });
    expect(await sql(m.be, 'select status from public.gigs where id = $1', [gig])).toEqual([{ status: 'active' }]);
    expect(await held([chosen, other])).toEqual([]);
    await undoWindowOver(m.be);
    expect((await mine(m.worker)).filter((r) => r.application_id === chosen)).toEqual([]);
    expect((await mine(m.third)).filter((r) => r.application_id === other)).toEqual([]);

    // Undone twice is refused; the poster may then accept again, for good after the window.
    expect(await rpc(m.be, m.poster, 'undo_decision', { p_application_id: chosen })).toEqual(refusal(400, 'N4011', 'This decision can no longer be undone: the applicant has been told'));
    expect((await rpc<{ status: string; deal_amount_cents: number }>(m.be, m.poster, 'accept_application', { p_application_id: chosen })).data).toMatchObject({ status: 'accepted', deal_amount_cents: 20000 });
    await age(chosen, 11);
    expect(await rpc(m.be, m.poster, 'undo_decision', { p_application_id: chosen })).toEqual(refusal(400, 'N4011', /can no longer be undone/));
    expect((await application(chosen)).status).toBe('accepted');
  });

  it('a decline with a note is undone: applied again, no note, no email; a later step ends the window', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Undo decline gig' });
    const app = await apply(m.be, m.worker, gig);
    expect((await rpc(m.be, m.poster, 'decline_application', { p_application_id: app, p_note: 'Not this time' })).error).toBeNull();
    expect(await held([app])).toEqual([{ kind: 'application_declined', held: true }]);
    expect((await rpc<{ status: string }>(m.be, m.poster, 'undo_decision', { p_application_id: app })).data).toMatchObject({ status: 'applied' });
    expect(await application(app)).toMatchObject({ status: 'applied', decline_notice: null, decline_note: null });
    expect(await held([app])).toEqual([]);

    // Accepted, then the deal moves on: too late to undo, whatever the clock says.
    await rpc(m.be, m.poster, 'accept_application', { p_application_id: app });
    expect((await rpc(m.be, m.poster, 'start_funding', { p_application_id: app })).error).toBeNull();
    expect(await rpc(m.be, m.poster, 'undo_decision', { p_application_id: app })).toEqual(refusal(400, 'N4011', /can no longer be undone/));
  });

  it('only the poster may undo, checked in the database: the worker, a stranger, a visitor and bad arguments are refused', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Guarded undo gig' });
    const app = await apply(m.be, m.worker, gig);
    // Nothing decided yet: nothing to undo.
    expect(await rpc(m.be, m.poster, 'undo_decision', { p_application_id: app })).toEqual(refusal(400, 'N4011', /can no longer be undone/));
    await rpc(m.be, m.poster, 'decline_application', { p_application_id: app });
    expect(await rpc(m.be, m.worker, 'undo_decision', { p_application_id: app })).toEqual(refusal(403, '42501', "Only the gig's poster can undo this decision"));
    expect(await rpc(m.be, m.stranger, 'undo_decision', { p_application_id: app })).toEqual(refusal(400, 'N4004', 'Application not found'));
    expect(await rpc(m.be, undefined, 'undo_decision', { p_application_id: app })).toEqual(refusal(401, '42501', 'You must be logged in to undo a decision'));
    expect((await rpc(m.be, m.poster, 'undo_decision', { p_application_id: 'nope' })).status).toBe(400);
    expect(await rpc(m.be, m.poster, 'undo_decision', { p_application_id: null })).toEqual(refusal(400, '22023', /p_application_id is required/));
    expect((await application(app)).status).toBe('declined');
  });

  it('a held bell row reaches its reader over Realtime when the window is over', async () => {
    const gig = await postGig(m.be, m.poster, { title: 'Released bell gig' });
    const app = await apply(m.be, m.worker, gig);
    const workerRt = await rtClient(m.be, m.worker.token);
    const inbox = new Inbox<{ eventType: string; new: Row }>();
    await subscribed(workerRt.sb.channel('bell-w').on('postgres_changes', { event: '*', schema: 'public', table: 'notifications', filter: `recipient_id=eq.${m.worker.id}` }, (p) => inbox.push(p as never)));
    await rpc(m.be, m.poster, 'decline_application', { p_application_id: app });
    // Held: the insert is not heard by its reader.
    await m.be.app.realtime.idle();
    expect(inbox.items).toEqual([]);
    await undoWindowOver(m.be);
    // (Rows the worker was held earlier in this file are released by the same update: find ours.)
    const items = await inbox.until((xs) => xs.some((x) => x.new?.application_id === app));
    expect(items.find((x) => x.new?.application_id === app)).toMatchObject({ eventType: 'UPDATE', new: { kind: 'decline', application_id: app } });
    await closeAll([workerRt]);
  });
});
