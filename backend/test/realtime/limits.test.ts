/**
 * Supabase Realtime's kinds of limits, answered with its reasons so realtime-js reports them:
 * sockets per IP (429 "Too many connected users" at the upgrade), channels per socket and joins
 * per second (join errors → CHANNEL_ERROR), presence payload size and presence rate (the channel
 * is shut with a `system` error), messages per second per IP (1008), postgres_changes bindings
 * per socket, and the REST broadcast's messages per second per IP and per caller (429 "Too many
 * requests"). Each per-IP case speaks from a loopback address of its own (127.0.0.x).
 */
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { MAX_PRESENCE_BYTES } from '../../src/realtime/limits';
import type { TestBackend } from '../harness';
import { createUser, type TestUser } from '../rest/helpers';
import { Inbox, postFrom, rawSocket, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
let ann: TestUser;
let bob: TestUser;
const open = realtimeBackend(async (started) => {
  be = started;
  ann = await createUser(be, `rt-limits-ann-${Date.now()}@example.com`);
  bob = await createUser(be, `rt-limits-bob-${Date.now()}@example.com`);
}, {
  REALTIME_MAX_CONNECTIONS_PER_IP: '6',
  REALTIME_MAX_CHANNELS_PER_SOCKET: '5',
  REALTIME_MAX_JOINS_PER_SECOND: '5',
  REALTIME_MAX_EVENTS_PER_SECOND: '25',
  REALTIME_MAX_BINDINGS_PER_SOCKET: '4',
  REALTIME_BROADCAST_PER_SECOND_PER_IP: '1',
  REALTIME_BROADCAST_PER_SECOND_PER_KEY: '1',
  // 127.0.0.1 plays the reverse proxy; the per-IP cases below speak from other addresses.
  TRUST_PROXY: '127.0.0.1',
});

type Msg = [string | null, string | null, string, string, Record<string, unknown>];
const replyTo = (ref: string) => (items: unknown[]) => items.some((m) => (m as Msg)[1] === ref && (m as Msg)[3] === 'phx_reply');
const reply = (items: unknown[], ref: string) => (items.find((m) => (m as Msg)[1] === ref && (m as Msg)[3] === 'phx_reply') as Msg)[4];
const join = (topic: string, ref: string, config: Record<string, unknown> = {}) => JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', { config }]);

/** An upgrade from `from` (with `headers`): 101 and the open socket, or the refusal's status and body. */
function upgrade(from: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${be.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${be.config.ANON_KEY}&vsn=2.0.0`, { localAddress: from, headers });
    ws.once('open', () => resolve({ status: 101, body: '', ws }));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', () => undefined);
  });
}

describe('sockets per IP', () => {
  it('past the limit the upgrade is answered 429 {"error": "Too many connected users"}; another IP still connects; a closed socket frees its place', async () => {
    const from = '127.0.0.5';
    const held = await Promise.all(Array.from({ length: 6 }, () => rawSocket(be, undefined, from)));
    const { ws: _none, ...refused } = await upgrade(from);
    expect(refused).toEqual({ status: 429, body: JSON.stringify({ error: 'Too many connected users' }) });
    (await rawSocket(be, undefined, '127.0.0.6')).ws.close();
    held[0]!.ws.close();
    await held[0]!.closed;
    const again = await rawSocket(be, undefined, from);
    for (const s of [again, ...held.slice(1)]) s.ws.close();
  });

  it('behind the trusted proxy (TRUST_PROXY) each forwarded client has its own limit; any other peer is counted by its own address, whatever it forwards', async () => {
    const viaProxy = (client: string) => upgrade('127.0.0.1', { 'x-forwarded-for': client });
    const first = await Promise.all(Array.from({ length: 6 }, () => viaProxy('203.0.113.7')));
    expect(first.map((u) => u.status)).toEqual(Array(6).fill(101));
    expect((await viaProxy('203.0.113.7')).status).toBe(429);
    const other = await viaProxy('203.0.113.8');
    expect(other.status).toBe(101);
    // Not the proxy: its X-Forwarded-For is not believed, so a new name per socket does not help.
    const direct = await Promise.all(Array.from({ length: 6 }, (_, i) => upgrade('127.0.0.7', { 'x-forwarded-for': `198.51.100.${i + 1}` })));
    expect(direct.map((u) => u.status)).toEqual(Array(6).fill(101));
    expect((await upgrade('127.0.0.7', { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    for (const u of [...first, other, ...direct]) u.ws?.close();
  });
});

describe('joins', () => {
  it('channels per socket and joins per second are refused with Realtime\'s reasons, which realtime-js reports as CHANNEL_ERROR', async () => {
    const { sb } = await open(undefined, '127.0.0.15');
    for (const n of [1, 2, 3, 4, 5]) await subscribed(sb.channel(`many-${n}`));
    await expect(subscribed(sb.channel('many-6'))).rejects.toThrow('CHANNEL_ERROR: ChannelRateLimitReached: Too many channels');
    // Joins per IP: 5 a second, in bursts up to the channel limit (5). A rejoin of one topic is not
    // a new channel, so only the join rate refuses the sixth.
    const s = await rawSocket(be, undefined, '127.0.0.7');
    for (const ref of ['1', '2', '3', '4', '5', '6']) s.ws.send(join('again', ref));
    await s.inbox.until((items) => ['1', '2', '3', '4', '5', '6'].every((ref) => replyTo(ref)(items)));
    expect(reply(s.inbox.items, '5')).toMatchObject({ status: 'ok' });
    expect(reply(s.inbox.items, '6')).toEqual({ status: 'error', response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' } });
    s.ws.close();
  });

  it('postgres_changes bindings are capped per socket, over all its channels', async () => {
    const s = await rawSocket(be, undefined, '127.0.0.8');
    const binding = (filter: string) => ({ event: '*', schema: 'public', table: 'gigs', filter });
    s.ws.send(join('b1', '1', { postgres_changes: [binding('rate=gt.1'), binding('rate=gt.2'), binding('rate=gt.3')] }));
    await s.inbox.until(replyTo('1'));
    s.ws.send(join('b2', '2', { postgres_changes: [binding('rate=gt.4'), binding('rate=gt.5')] }));
    await s.inbox.until(replyTo('2'));
    expect(reply(s.inbox.items, '1')).toMatchObject({ status: 'ok' });
    expect(reply(s.inbox.items, '2')).toEqual({ status: 'error', response: { reason: 'Too many postgres_changes bindings on one connection (at most 4)' } });
    s.ws.close();
  });
});

describe('presence', () => {
  it('a meta over the size limit shuts the channel with "Track message size exceeded" and is never stored; a fitting one is heard', async () => {
    const watched = new Inbox<string[]>();
    const watcher = (await open()).sb.channel('sizes', { config: { presence: { key: 'watcher' } } });
    watcher.on('presence', { event: 'sync' }, () => watched.push(Object.keys(watcher.presenceState())));
    await subscribed(watcher);
    const system = new Inbox<{ status: string; message: string }>();
    const statuses = new Inbox<string>();
    const big = (await open()).sb.channel('sizes', { config: { presence: { key: 'big' } } });
    big.on('system', {}, (p) => system.push(p as never)).subscribe((s) => statuses.push(s));
    await statuses.until((s) => s.includes('SUBSCRIBED'));
    expect(await big.track({ blob: 'x'.repeat(MAX_PRESENCE_BYTES) })).toBe('error');
    await statuses.until((s) => s.includes('CLOSED'));
    expect(system.items.at(-1)).toMatchObject({ status: 'error', message: 'Track message size exceeded' });
    const fits = (await open(ann.token)).sb.channel('sizes', { config: { presence: { key: 'fits' } } });
    await subscribed(fits);
    expect(await fits.track({ blob: 'x'.repeat(MAX_PRESENCE_BYTES - 100) })).toBe('ok');
    await watched.until((all) => all.some((keys) => keys.includes('fits')));
    expect(watched.items.flat()).not.toContain('big');
  });

  it('more presence messages than the rate shut the channel with "Too many presence messages per second"', async () => {
    const s = await rawSocket(be, undefined, '127.0.0.9');
    s.ws.send(join('busy', '1', { presence: { key: 'busy', enabled: true } }));
    await s.inbox.until(replyTo('1'));
    // 22 tracks: past the presence burst (20), within the IP's messages per second (25).
    for (let i = 0; i < 22; i++) s.ws.send(JSON.stringify(['1', `t${i}`, 'realtime:busy', 'presence', { type: 'presence', event: 'track', payload: { i } }]));
    await s.inbox.until((items) => items.some((m) => (m as Msg)[3] === 'phx_close'));
    expect(s.inbox.items).toContainEqual(['1', null, 'realtime:busy', 'system', { extension: 'system', status: 'error', message: 'Too many presence messages per second', channel: 'busy' }]);
    s.ws.close();
  });
});

describe('messages per second per IP', () => {
  it('two sockets of one IP share its rate: past it they are closed with 1008 after a system error; another IP is unaffected', async () => {
    const a = await rawSocket(be, undefined, '127.0.0.10');
    const b = await rawSocket(be, undefined, '127.0.0.10');
    a.ws.send(join('chatty', '1'));
    await a.inbox.until(replyTo('1'));
    // b spends what is left of the IP's burst (25); then a is over the rate, though a alone sent little.
    for (let i = 0; i < 24; i++) b.ws.send(JSON.stringify([null, `h${i}`, 'phoenix', 'heartbeat', {}]));
    await b.inbox.until(replyTo('h23'));
    for (let i = 0; i < 25; i++) a.ws.send(JSON.stringify([null, `h${i}`, 'phoenix', 'heartbeat', {}]));
    expect(await a.closed).toBe(1008);
    expect(a.inbox.items).toContainEqual(['1', null, 'realtime:chatty', 'system', { extension: 'system', status: 'error', message: 'Too many messages per second', channel: 'chatty' }]);
    const other = await rawSocket(be, undefined, '127.0.0.11');
    other.ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
    await other.inbox.until(replyTo('hb'));
    for (const s of [b, other]) s.ws.close();
  });
});

describe('REST broadcast rates', () => {
  const url = () => `${be.url}/realtime/v1/api/broadcast`;
  const batch = (n: number) => JSON.stringify({ messages: Array.from({ length: n }, (_, i) => ({ topic: 'rates', event: 'e', payload: { i } })) });
  const as = (token?: string) => ({ apikey: be.config.ANON_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) });

  it('per caller: a user past their rate gets 429 "Too many requests" with Retry-After from any IP; another user and the service role still send', async () => {
    expect((await postFrom('127.0.0.12', url(), as(ann.token), batch(100))).status).toBe(202);
    const over = await postFrom('127.0.0.13', url(), as(ann.token), batch(1));
    expect(over).toMatchObject({ status: 429, json: { message: 'Too many requests' } });
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await postFrom('127.0.0.13', url(), as(bob.token), batch(1))).status).toBe(202);
    expect((await postFrom('127.0.0.13', url(), { apikey: be.config.SERVICE_ROLE_KEY }, batch(100))).status).toBe(202);
  });

  it('per IP: past its rate every caller from that IP gets 429, whoever they are', async () => {
    expect((await postFrom('127.0.0.14', url(), as(), batch(100))).status).toBe(202);
    expect((await postFrom('127.0.0.14', url(), as(bob.token), batch(1))).status).toBe(429);
  });
});
