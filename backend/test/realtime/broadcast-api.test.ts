/**
 * Realtime's REST broadcast, as realtime-js uses it: `send()` on a channel that is not joined
 * (POST /realtime/v1/api/broadcast, a batch) and `httpSend()` (POST …/api/broadcast/:topic/events/:event).
 * Public topics deliver to every subscriber; private ones only for the service role or a caller the
 * realtime.messages policies let write (others get 202 and nothing is sent, as on Supabase).
 * Errors as Realtime sends them: 401 {message: 'Unauthorized'}, 422 with Ecto's error shape, 429.
 * A request's database work is bounded: its private topics are authorised in one transaction and
 * what it publishes shares the bus's transactions (it was one transaction per message).
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import type { TestUser } from '../rest/helpers';
import { Inbox, postFrom, settle, subscribed } from './helpers';
import { realtimeBackend, roomMembers } from './suite';

let be: TestBackend;
let ann: TestUser;
let bob: TestUser;
const open = realtimeBackend(async (started) => ({ ann, bob } = await roomMembers((be = started), 'rt-rest')));
const post = (body: unknown, headers: Record<string, string> = { apikey: be.config.ANON_KEY }, path = '/realtime/v1/api/broadcast') =>
  fetch(`${be.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('sending without joining', () => {
  it('send() on an unjoined channel goes through the REST endpoint and reaches the subscribers', async () => {
    const got = new Inbox<{ event: string; payload: unknown }>();
    await subscribed((await open()).sb.channel('news').on('broadcast', { event: 'headline' }, (m) => got.push(m as never)));
    const sender = (await open()).sb.channel('news');
    const warn = console.warn;
    console.warn = () => undefined; // realtime-js warns that the REST fallback will be deprecated
    try {
      expect(await sender.send({ type: 'broadcast', event: 'headline', payload: { text: 'hello' } })).toBe('ok');
    } finally {
      console.warn = warn;
    }
    expect((await got.count(1))[0]).toMatchObject({ event: 'headline', payload: { text: 'hello' } });
  });

  it('httpSend() delivers JSON and binary payloads and answers 202', async () => {
    const got = new Inbox<{ payload: unknown }>();
    await subscribed((await open()).sb.channel('wire').on('broadcast', { event: '*' }, (m) => got.push(m as never)));
    const sender = (await open()).sb.channel('wire');
    expect(await sender.httpSend('json', { n: 1 })).toEqual({ success: true });
    expect(await sender.httpSend('bytes', new Uint8Array([1, 2, 3]).buffer)).toEqual({ success: true });
    const [json, bytes] = await got.count(2);
    expect(json!.payload).toEqual({ n: 1 });
    expect([...new Uint8Array(bytes!.payload as ArrayBuffer)]).toEqual([1, 2, 3]);
    await expect(sender.httpSend('x', { n: 1 }, { timeout: 5000 }).then(() => 'sent')).resolves.toBe('sent');
  });

  it('on a private topic: the service role and a caller allowed to write deliver; another caller is answered 202 and dropped', async () => {
    const room = new Inbox<{ payload: { from: string } }>();
    await subscribed((await open(ann.token)).sb.channel(`room:${ann.id}`, { config: { private: true } }).on('broadcast', { event: 'say' }, (m) => room.push(m as never)));
    const publicTwin = new Inbox<unknown>();
    await subscribed((await open()).sb.channel(`room:${ann.id}`).on('broadcast', { event: 'say' }, (m) => publicTwin.push(m)));
    const message = (from: string) => ({ messages: [{ topic: `room:${ann.id}`, event: 'say', payload: { from }, private: true }] });
    expect((await post(message('bob'), { apikey: be.config.ANON_KEY, authorization: `Bearer ${bob.token}` })).status).toBe(202);
    expect((await post(message('anon'))).status).toBe(202);
    expect((await post(message('ann'), { apikey: be.config.ANON_KEY, authorization: `Bearer ${ann.token}` })).status).toBe(202);
    expect((await post(message('service'), { apikey: be.config.SERVICE_ROLE_KEY })).status).toBe(202);
    await room.count(2);
    await settle();
    expect(room.items.map((m) => m.payload.from)).toEqual(['ann', 'service']);
    expect(publicTwin.items).toHaveLength(0);
  });
});

describe('errors', () => {
  it('401 Unauthorized without a project apikey or with a bearer token that does not verify', async () => {
    const ok = { messages: [{ topic: 't', event: 'e', payload: {} }] };
    const attempts: Record<string, string>[] = [{}, { apikey: bob.token }, { apikey: be.config.ANON_KEY, authorization: 'Bearer not.a.jwt' }];
    for (const headers of attempts) {
      const res = await post(ok, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it("422 with Ecto's error shape for a body that is not a batch of messages", async () => {
    const cases: [unknown, unknown][] = [
      [{}, { messages: ["can't be blank"] }],
      [{ messages: [] }, { messages: ["can't be blank"] }],
      [{ messages: 'hello' }, { messages: ['is invalid'] }],
      [{ messages: [1] }, { messages: ['is invalid'] }],
      [{ messages: [{ topic: 't', event: 'e', payload: {} }, { topic: 't' }] }, { messages: [{}, { event: ["can't be blank"], payload: ["can't be blank"] }] }],
      [{ messages: [{ topic: 1, event: 'e', payload: [], private: 'yes' }] }, { messages: [{ topic: ['is invalid'], payload: ['is invalid'], private: ['is invalid'] }] }],
      [{ messages: [{ topic: 'x'.repeat(256), event: 'e', payload: {} }] }, { messages: [{ topic: ['should be at most 255 character(s)'] }] }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(await res.json()).toEqual({ errors });
    }
  });

  it('429 for a batch over 100 messages; 400 for malformed JSON; 413 for a body over 256 KiB', async () => {
    const many = { messages: Array.from({ length: 101 }, () => ({ topic: 't', event: 'e', payload: {} })) };
    const res = await post(many);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: 'Too many messages to broadcast, please reduce the batch size' });
    expect((await post('{"messages": [')).status).toBe(400);
    expect((await post({ messages: [{ topic: 't', event: 'e', payload: { big: 'x'.repeat(300 * 1024) } }] })).status).toBe(413);
  });

  it('httpSend: a payload that is not an object or a persisted message is refused with 422 and a reason', async () => {
    const path = '/realtime/v1/api/broadcast/t/events/e';
    const notObject = await post([1, 2], undefined, path);
    expect(notObject.status).toBe(422);
    expect(await notObject.json()).toEqual({ error: 'The payload must be a JSON object' });
    const persisted = await post({ n: 1 }, undefined, `${path}?private=true&persist=true`);
    expect(persisted.status).toBe(422);
    expect(await persisted.json()).toEqual({ error: 'Message persistence is not supported by this server' });
    const sender = (await open()).sb.channel('t');
    await expect(sender.httpSend('e', 5 as never)).rejects.toThrow('The payload must be a JSON object');
  });
});

describe('database work per request', () => {
  it('a batch of 100 messages (50 private topics, 50 public) costs a few transactions, not one per message', async () => {
    // Every transaction the backend starts, counted on its own database object (restored after).
    const transaction = be.db.transaction.bind(be.db);
    let count = 0;
    be.db.transaction = ((...args: Parameters<typeof transaction>) => (count++, transaction(...args))) as typeof be.db.transaction;
    try {
      const messages = Array.from({ length: 100 }, (_, i) => ({ topic: i % 2 ? `room:probe-${i}` : 'public-probe', event: 'e', payload: { i }, private: i % 2 === 1 }));
      const res = await postFrom('127.0.0.20', `${be.url}/realtime/v1/api/broadcast`, { apikey: be.config.ANON_KEY, authorization: `Bearer ${bob.token}` }, JSON.stringify({ messages }));
      expect(res.status).toBe(202);
      await settle(500); // what goes to other instances is published after the answer
    } finally {
      be.db.transaction = transaction;
    }
    // One for the private topics, the publishing ones (PostgreSQL; how many publishes coalesce
    // depends on timing: 1–3 quiet, more on a loaded machine), the caller's standing (a ban check,
    // once per user per 2 s), maybe the ban sweep and an instance's heartbeat: a few, where it was
    // one per message (50 on PGlite, ~100 on PostgreSQL).
    expect(count).toBeLessThanOrEqual(10);
  });
});
