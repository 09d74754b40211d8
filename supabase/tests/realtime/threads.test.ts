/**
 * A message thread's live channel, `thread:<application id>`, is private: the app's policies on
 * realtime.messages (supabase/migrations/…_thread_channels_private.sql) let only the worker and
 * the poster of the application join it, hear its presence and typing, and write to it. Anyone
 * else who knows the id — another member, a visitor — is refused, over the socket and the REST
 * broadcast, and the public channel of the same name never reaches the parties.
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from 'backend/test/harness';
import { apply, postGig } from '../market/helpers';
import { createUser, type TestUser } from 'backend/test/rest/helpers';
import { Inbox, postFrom, settle, subscribed } from 'backend/test/realtime/helpers';
import { realtimeBackend } from 'backend/test/realtime/suite';

let be: TestBackend;
let poster: TestUser;
let worker: TestUser;
let third: TestUser;
let topic: string;
const open = realtimeBackend(async (started) => {
  be = started;
  poster = await createUser(be, `rt-thread-poster-${Date.now()}@example.com`);
  worker = await createUser(be, `rt-thread-worker-${Date.now()}@example.com`);
  third = await createUser(be, `rt-thread-third-${Date.now()}@example.com`);
  topic = `thread:${await apply(be, worker, await postGig(be, poster))}`;
});
const priv = (key: string) => ({ config: { private: true, presence: { key } } });
const refusal = (t: string) => `CHANNEL_ERROR: Unauthorized: You do not have permissions to read from this Channel topic: ${t}`;

describe('a thread channel', () => {
  it('the two parties join it privately and hear each other\'s presence and typing', async () => {
    const heard = new Inbox<{ payload: { user_id: string } }>();
    const online = new Inbox<string[]>();
    const w = (await open(worker.token)).sb.channel(topic, priv(worker.id));
    w.on('broadcast', { event: 'typing' }, (m) => heard.push(m as never)).on('presence', { event: 'sync' }, () => online.push(Object.keys(w.presenceState())));
    await subscribed(w);
    const p = await subscribed((await open(poster.token)).sb.channel(topic, priv(poster.id)));
    expect(await p.track({ user_id: poster.id })).toBe('ok');
    await online.until((all) => all.some((keys) => keys.includes(poster.id)));
    expect(await p.send({ type: 'broadcast', event: 'typing', payload: { user_id: poster.id } })).toBe('ok');
    expect((await heard.count(1))[0]!.payload).toEqual({ user_id: poster.id });
  });

  it('anyone else is refused with Realtime\'s reason; their public twin and REST broadcasts never reach the parties', async () => {
    await expect(subscribed((await open(third.token)).sb.channel(topic, priv(third.id)))).rejects.toThrow(refusal(topic));
    await expect(subscribed((await open()).sb.channel(topic, priv('visitor')))).rejects.toThrow(refusal(topic));
    await expect(subscribed((await open(third.token)).sb.channel('thread:not-an-id', priv(third.id)))).rejects.toThrow(refusal('thread:not-an-id'));

    const heard = new Inbox<{ payload: { from: string } }>();
    const online = new Inbox<string[]>();
    const w = (await open(worker.token)).sb.channel(topic, priv(worker.id));
    w.on('broadcast', { event: 'typing' }, (m) => heard.push(m as never)).on('presence', { event: 'sync' }, () => online.push(Object.keys(w.presenceState())));
    await subscribed(w);
    const twin = await subscribed((await open(third.token)).sb.channel(topic, { config: { presence: { key: third.id } } }));
    await twin.track({ user_id: third.id });
    await twin.send({ type: 'broadcast', event: 'typing', payload: { from: 'twin' } });
    const message = (from: string) => JSON.stringify({ messages: [{ topic, event: 'typing', payload: { from }, private: true }] });
    expect((await postFrom('127.0.0.30', `${be.url}/realtime/v1/api/broadcast`, { apikey: be.config.ANON_KEY, authorization: `Bearer ${third.token}` }, message('third'))).status).toBe(202);
    expect((await postFrom('127.0.0.30', `${be.url}/realtime/v1/api/broadcast`, { apikey: be.config.ANON_KEY, authorization: `Bearer ${poster.token}` }, message('poster'))).status).toBe(202);
    await heard.count(1);
    await settle();
    expect(heard.items.map((m) => m.payload.from)).toEqual(['poster']);
    expect(online.items.flat()).not.toContain(third.id);
  });
});
