/**
 * The notification centre's rows: written by the database where the event happens (an application
 * transition, a deal step, a message, a review), to the party who did not act; read by the
 * recipient alone; marked read by mark_notifications_read(); delivered live over /realtime/v1 to
 * the recipient only. (Who may read or write the table at all: security/access-notifications.)
 */
import { describe, expect, it } from 'vitest';
import { Inbox, rtClient, subscribed } from '../realtime/helpers';
import { apply, as, postGig, refusal, rpc, sql, useMarket } from './helpers';

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
    expect((await mine(m.worker)).filter((r) => r.application_id === app).map((r) => [r.kind, r.actor_name])).toEqual([['decline', 'Pat Poster']]);
    // Without a note, as before: one argument.
    const other = await apply(m.be, m.third, gig);
    expect((await rpc<{ decline_note: string | null }>(m.be, m.poster, 'decline_application', { p_application_id: other })).data.decline_note).toBeNull();
  });
});
