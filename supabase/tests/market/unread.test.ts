/**
 * my_unread_threads() over real HTTP: every thread of the caller (worker or poster side) with
 * messages from the other party after their read marker, however old the application — a
 * worker with more than 500 applications sees the unread message in the oldest one. Newest unread
 * first, at most p_limit rows; nothing for a stranger, a refusal for a visitor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apply, as, enrolVerifiedFactor, postGig, refusal, rpc, sql, tokenWithAal, useMarket } from './helpers';

const m = useMarket();
const MANY = 520;
/** The worker's applications to the poster's gigs, newest first. */
let apps: { id: string; gig_id: string }[];
let oldest: { id: string; gig_id: string };
let theirs: { id: string; gig_id: string };

type Thread = { application_id: string; gig_id: string; unread: number };
const threads = async (who: typeof m.worker, args: Record<string, unknown> = {}) => {
  const r = await rpc<Thread[]>(m.be, who, 'my_unread_threads', args);
  expect(r.error).toBeNull();
  return r.data;
};
const send = async (who: typeof m.worker, app: string, body: string) =>
  expect((await rpc(m.be, who, 'send_message', { p_application_id: app, p_body: body })).status).toBe(200);

beforeAll(async () => {
  // Many applications at once in SQL (the marketplace functions would take minutes); one a minute
  // apart, so "newest" is well defined. The messages go through the API.
  await sql(
    m.be,
    `with g as (
       insert into public.gigs (user_id, title, description, payment_type, rate, hours, location)
       select $1, 'Gig ' || i, 'Work', 'fixed', 100, 1, 'remote' from generate_series(1, $3::int) i returning id
     )
     insert into public.applications (gig_id, worker_id, poster_id, message, created_at)
     select g.id, $2, $1, 'Hello', now() - (row_number() over (order by g.id)) * interval '1 minute' from g`,
    [m.poster.id, m.worker.id, MANY],
  );
  apps = await sql(m.be, 'select id, gig_id from public.applications where worker_id = $1 order by created_at desc', [m.worker.id]);
  oldest = apps[apps.length - 1]!;
  theirs = apps[3]!;
});

describe('my_unread_threads', () => {
  it("finds an unread message in a member's oldest thread, beyond their newest 500 applications", async () => {
    const newest500 = (await as(m.be, m.worker).from('applications').select('id').order('created_at', { ascending: false }).limit(500)).data!;
    expect(newest500.map((a) => a.id)).not.toContain(oldest.id);
    await send(m.poster, oldest.id, 'Are you still available?');
    await send(m.poster, oldest.id, 'Please let me know.');
    expect(await threads(m.worker)).toEqual([{ application_id: oldest.id, gig_id: oldest.gig_id, unread: 2 }]);
    // What the sender wrote is not unread to them; a stranger has no thread at all.
    expect(await threads(m.poster)).toEqual([]);
    expect(await threads(m.stranger)).toEqual([]);
  });

  it("counts the other party's messages for the poster too, newest unread first", async () => {
    await send(m.worker, theirs.id, 'I can start tomorrow.');
    expect(await threads(m.poster)).toEqual([{ application_id: theirs.id, gig_id: theirs.gig_id, unread: 1 }]);
    await send(m.poster, apps[1]!.id, 'A question about your rate');
    expect((await threads(m.worker)).map((t) => [t.application_id, t.unread])).toEqual([[apps[1]!.id, 1], [oldest.id, 2]]);
    expect(await threads(m.worker, { p_limit: 1 })).toEqual([{ application_id: apps[1]!.id, gig_id: apps[1]!.gig_id, unread: 1 }]);
  });

  it('follows the read markers, and a reply marks the thread read for its writer', async () => {
    expect((await rpc(m.be, m.worker, 'mark_thread_read', { p_application_id: oldest.id })).status).toBe(204);
    expect((await threads(m.worker)).map((t) => t.application_id)).toEqual([apps[1]!.id]);
    await send(m.worker, apps[1]!.id, 'It is 30 an hour.');
    expect(await threads(m.worker)).toEqual([]);
    await send(m.poster, oldest.id, 'One more thing');
    expect(await threads(m.worker)).toEqual([{ application_id: oldest.id, gig_id: oldest.gig_id, unread: 1 }]);
    // The poster's own marker is theirs alone: the worker's reads changed nothing for them.
    expect((await threads(m.poster)).map((t) => t.application_id)).toEqual([apps[1]!.id, theirs.id]);
  });

  it('takes the default limit without arguments, and by GET', async () => {
    expect((await rpc<Thread[]>(m.be, m.worker, 'my_unread_threads', {})).data).toHaveLength(1);
    const r = await as(m.be, m.poster).rpc('my_unread_threads', { p_limit: 1 }, { get: true });
    expect([r.status, (r.data as Thread[]).map((t) => t.application_id)]).toEqual([200, [apps[1]!.id]]);
  });

  it('shows a member with a second factor nothing on an aal1 session, their threads on aal2', async () => {
    const app = await apply(m.be, m.third, await postGig(m.be, m.poster, { title: 'Fix the roof' }));
    await send(m.poster, app, 'When can you come?');
    await enrolVerifiedFactor(m.be, m.third);
    expect(await threads(await tokenWithAal(m.be, m.third, 'aal1'))).toEqual([]);
    expect((await threads(await tokenWithAal(m.be, m.third, 'aal2'))).map((t) => [t.application_id, t.unread])).toEqual([[app, 1]]);
  });

  it('refuses a limit outside 1–1000, a limit that is no number, and a visitor', async () => {
    const message = 'The limit must be between 1 and 1000 threads';
    for (const p_limit of [0, -1, 1001, null]) {
      expect(await rpc(m.be, m.worker, 'my_unread_threads', { p_limit })).toEqual(refusal(400, '22023', message));
    }
    expect(await rpc(m.be, m.worker, 'my_unread_threads', { p_limit: 'all' })).toEqual(refusal(400, '22P02', /invalid input syntax for type integer/));
    expect(await rpc(m.be, m.worker, 'my_unread_threads', { p_limit: 2 ** 31 })).toEqual(expect.objectContaining({ status: 400 }));
    expect(await rpc(m.be, undefined, 'my_unread_threads', { p_limit: 10 })).toEqual(refusal(401, '42501', /permission denied for function my_unread_threads/));
  });
});
