/**
 * DELETE events on tables with row-level security follow Supabase Realtime's rule: the payload
 * carries only the primary key and filters are not applied. A filter matched against the deleted
 * row let a third member learn columns of rows it could never select (an applicant's id and
 * proposed rate, by which DELETE arrived); and every member received the `(user_id, gig_id)` of
 * saved gigs others removed. Here a DELETE also reaches only identities whose policies pass for
 * the deleted row as it was.
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { as, createUser, postGig, rest, serviceClient, type TestUser } from '../rest/helpers';
import { Inbox, settle, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
let poster: TestUser;
let worker: TestUser;
let third: TestUser;
const open = realtimeBackend(async (started) => {
  be = started;
  poster = await createUser(be, `rt-del-poster-${Date.now()}@example.com`);
  worker = await createUser(be, `rt-del-worker-${Date.now()}@example.com`);
  third = await createUser(be, `rt-del-third-${Date.now()}@example.com`);
});
type Change = { eventType: string; table: string; old: Record<string, unknown>; new: Record<string, unknown> };

/** `user` listens for DELETE on each table (with its filter): one inbox for all. */
async function deletes(user: TestUser, name: string, bindings: [table: string, filter?: string][]): Promise<Inbox<Change>> {
  const inbox = new Inbox<Change>();
  let channel = (await open(user.token)).sb.channel(name);
  for (const [table, filter] of bindings) {
    channel = channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table, ...(filter ? { filter } : {}) }, (p) => inbox.push(p as never));
  }
  await subscribed(channel);
  return inbox;
}

describe('DELETE on a table with row-level security', () => {
  it('carries only the key, ignores filters, and reaches only those who could select the deleted row', async () => {
    const gig = await postGig(be, poster);
    const applied = await as(be, worker).rpc('apply_to_gig', { p_gig_id: gig, p_message: 'Happy to help', p_proposed_rate: 55 });
    expect(applied.error).toBeNull();
    const applicationId = (applied.data as { id: string }).id;

    // The probing third member: filters naming the worker and the proposed rate.
    const probe = await deletes(third, 'probe', [['applications', `worker_id=eq.${worker.id}`], ['applications', 'proposed_rate=eq.55'], ['saved_gigs']]);
    // The worker, with a filter the row does not match: a DELETE is not filtered, so it still comes.
    const own = await deletes(worker, 'own', [['applications', 'proposed_rate=eq.1'], ['saved_gigs']]);

    expect((await as(be, worker).from('saved_gigs').insert({ gig_id: gig })).error).toBeNull();
    expect((await as(be, worker).from('saved_gigs').delete().eq('gig_id', gig)).error).toBeNull();
    // A poster's delete of a gig with applications hides it (kept on the record); the application
    // row itself is removed here by the service role, then the gig without applications really goes.
    expect((await serviceClient(be).from('applications').delete().eq('id', applicationId)).error).toBeNull();
    expect((await rest(be, `/gigs?id=eq.${gig}`, { method: 'DELETE', token: poster.token })).status).toBe(204);

    await own.count(2);
    await settle(500);
    const byTable = Object.fromEntries(own.items.map((c) => [c.table, c]));
    expect(byTable.applications).toMatchObject({ eventType: 'DELETE', old: { id: applicationId }, new: {} });
    expect(Object.keys(byTable.applications!.old)).toEqual(['id']);
    expect(byTable.saved_gigs!.old).toEqual({ user_id: worker.id, gig_id: gig });
    expect(own.items).toHaveLength(2);
    expect(probe.items).toEqual([]);
  });
});
