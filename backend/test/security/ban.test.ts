/**
 * A banned member stops writing at once, with the access token they still hold, across two
 * backend instances on one database, over real HTTP and WebSocket: the ban (GoTrue's admin API on
 * one instance, or the database primitive private.ban_member an operator function calls) ends
 * their sessions; the other instance refuses their REST and rpc writes on the next request (the
 * app's SQL reads the ban), shuts their realtime channels within seconds (their presence leaves),
 * and refuses their REST broadcasts and rejoins. Lifting the ban lets them sign in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENDED_REASON } from '../../src/realtime/standing';
import type { Database } from '../../src/db/types';
import { openTestDatabase, startTestBackend, type TestBackend } from '../harness';
import { rawSocket } from '../realtime/helpers';
import { errorCode, send, signUp, type Account } from './helpers';

let db: Database;
let a: TestBackend;
let b: TestBackend;
beforeAll(async () => {
  db = await openTestDatabase();
  a = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' }, db);
  b = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' }, db);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await db?.close();
});

type Msg = [string | null, string | null, string, string, Record<string, unknown>];
const TOPIC = 'realtime:ban-room';
const gig = { title: 'G', description: 'D', payment_type: 'hourly', rate: 20, hours: 1, location: 'remote' };
const refresh = (be: TestBackend, who: Account) => send(be, { method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: { refresh_token: who.refresh } });
const postGig = (be: TestBackend, who: Account) => send(be, { method: 'POST', path: '/rest/v1/gigs', bearer: who.access, body: gig });
const sql = async <T>(text: string, params: unknown[] = []) => (await db.transaction((tx) => tx.query<T>(text, params))).rows;

/** A raw socket on `be` joined to TOPIC with presence as `key` (acting as `token`). */
async function member(be: TestBackend, key: string, token: string) {
  const s = await rawSocket(be);
  s.ws.send(JSON.stringify(['1', '1', TOPIC, 'phx_join', { config: { presence: { key, enabled: true } }, access_token: token }]));
  await s.inbox.until((items) => items.some((m) => (m as Msg)[1] === '1' && (m as Msg)[3] === 'phx_reply'));
  return s;
}

describe('banning a member', () => {
  it('through the admin API of instance A: instance B refuses every write at once and closes their channels within seconds', async () => {
    const m = await signUp(a, 'ban-me@example.com', 'ban-me-password');
    expect((await postGig(b, m)).status).toBe(201);
    const watcher = await member(b, 'watcher', b.config.ANON_KEY);
    const banned = await member(b, 'member', m.access);
    banned.ws.send(JSON.stringify(['1', '2', TOPIC, 'presence', { type: 'presence', event: 'track', payload: { online: true } }]));
    const diffs = (key: 'joins' | 'leaves') => (items: unknown[]) => items.some((x) => (x as Msg)[3] === 'presence_diff' && 'member' in ((x as Msg)[4][key] as object));
    await watcher.inbox.until(diffs('joins'));

    const ban = await send(a, { method: 'PUT', path: `/auth/v1/admin/users/${m.id}`, apikey: a.config.SERVICE_ROLE_KEY, bearer: a.config.SERVICE_ROLE_KEY, body: { ban_duration: '1h' } });
    expect(ban.status).toBe(200);
    const bannedAt = Date.now();
    // Writes: refused on the next request, with the token issued before the ban.
    const post = await postGig(b, m);
    expect([post.status, errorCode(post), (post.json as { message: string }).message]).toEqual([403, '42501', 'Your account is suspended, so you cannot post a gig']);
    const applied = await send(b, { method: 'POST', path: '/rest/v1/rpc/apply_to_gig', bearer: m.access, body: { p_gig_id: '00000000-0000-4000-8000-000000000000', p_message: 'x' } });
    expect([applied.status, errorCode(applied)]).toEqual([403, '42501']);
    // The sessions are gone: no refresh anywhere.
    expect((await refresh(b, m)).status).toBe(400);
    // Realtime: the channel is shut with the reason, the presence leaves, within seconds.
    await banned.inbox.until((items) => items.some((x) => (x as Msg)[3] === 'phx_close'));
    const closedAfter = Date.now() - bannedAt;
    expect((banned.inbox.items.find((x) => (x as Msg)[3] === 'system') as Msg | undefined)?.[4]).toMatchObject({ status: 'error', message: SUSPENDED_REASON });
    expect(closedAfter).toBeLessThan(10_000);
    await watcher.inbox.until(diffs('leaves'));
    // Nothing more from them: the topic is no longer theirs, a rejoin and a REST broadcast are refused.
    banned.ws.send(JSON.stringify(['1', '3', TOPIC, 'broadcast', { type: 'broadcast', event: 'spam', payload: {} }]));
    banned.ws.send(JSON.stringify(['4', '4', TOPIC, 'phx_join', { config: {}, access_token: m.access }]));
    await banned.inbox.until((items) => items.some((x) => (x as Msg)[1] === '4'));
    expect((banned.inbox.items.find((x) => (x as Msg)[1] === '4') as Msg | undefined)?.[4]).toEqual({ status: 'error', response: { reason: SUSPENDED_REASON } });
    const rest = await send(b, { method: 'POST', path: '/realtime/v1/api/broadcast', bearer: m.access, body: { messages: [{ topic: 'ban-room', event: 'spam', payload: {} }] } });
    expect(rest.status).toBe(401);
    expect(watcher.inbox.items.some((x) => (x as Msg)[3] === 'broadcast')).toBe(false);
    watcher.ws.close();
    banned.ws.close();
  });

  it('through private.ban_member (the operator primitive): sessions end, writes are refused, queued emails dropped; unban_member lets them back', async () => {
    const poster = await signUp(a, 'ban-poster@example.com');
    const n = await signUp(a, 'ban-sql@example.com', 'ban-sql-password');
    const gigId = ((await send(a, { method: 'POST', path: '/rest/v1/gigs', bearer: poster.access, headers: { prefer: 'return=representation' }, body: gig })).json as { id: string }[])[0]!.id;
    expect((await send(b, { method: 'POST', path: '/rest/v1/rpc/apply_to_gig', bearer: n.access, body: { p_gig_id: gigId, p_message: 'hello' } })).status).toBe(200);
    expect(await sql('select count(*)::int as n from private.notification_outbox where sender_id = $1 and delivered_at is null', [n.id])).toEqual([{ n: 1 }]);

    const [banned] = await sql<{ until: Date }>("select private.ban_member($1, interval '1 day') as until", [n.id]);
    expect(new Date(banned!.until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await sql('select count(*)::int as n from auth.sessions where user_id = $1', [n.id])).toEqual([{ n: 0 }]);
    expect(await sql('select count(*)::int as n from private.notification_outbox where sender_id = $1 and delivered_at is null', [n.id])).toEqual([{ n: 0 }]);
    expect((await refresh(b, n)).status).toBe(400);
    const write = await postGig(b, n);
    expect([write.status, (write.json as { message: string }).message]).toEqual([403, 'Your account is suspended, so you cannot post a gig']);
    const signIn = await send(a, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: n.email, password: n.password } });
    expect([signIn.status, errorCode(signIn)]).toEqual([400, 'user_banned']);

    // Its refusals, and nobody reaches it through the API (the service role included).
    await expect(sql("select private.ban_member($1, interval '0')", [n.id])).rejects.toMatchObject({ code: '22023' });
    await expect(sql("select private.ban_member($1, interval '36501 days')", [n.id])).rejects.toMatchObject({ code: '22023' });
    await expect(sql("select private.ban_member('00000000-0000-4000-8000-000000000000', interval '1 hour')")).rejects.toMatchObject({ code: 'N4004' });
    for (const fn of ['ban_member', 'unban_member']) {
      const r = await send(a, { method: 'POST', path: `/rest/v1/rpc/${fn}`, apikey: a.config.SERVICE_ROLE_KEY, bearer: a.config.SERVICE_ROLE_KEY, body: { p_user_id: n.id, p_duration: '1 hour' } });
      expect([r.status, errorCode(r)]).toEqual([404, 'PGRST202']);
    }

    await sql('select private.unban_member($1)', [n.id]);
    const back = await send(b, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: n.email, password: n.password } });
    expect(back.status).toBe(200);
    expect((await send(b, { method: 'POST', path: '/rest/v1/gigs', bearer: (back.json as { access_token: string }).access_token, body: gig })).status).toBe(201);
  });
});
