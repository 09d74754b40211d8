/**
 * Property-based fuzzing of /realtime/v1 with the shapes that once held or crashed the server:
 * payloads nested up to 120,000 deep (presence, broadcast, join, binary frames, REST broadcast),
 * presence metas around and far over the size limit, joins with many postgres_changes bindings
 * (distinct filters on gigs), bursts of channels on one socket, and REST batches past their caps.
 * Each case speaks from a loopback address of its own choosing (127.0.0.2–254), so the per-IP
 * limits are reached by some cases and not by all.
 *
 * For every case: the case's socket answers a heartbeat or was closed with one of the server's
 * codes (1000, 1007, 1008, 1009 — never 1011, an internal failure); a REST broadcast is answered
 * 202, 400, 413, 422 or 429; and the watcher — a member of the topic the presence shapes target,
 * joined before the run — still answers and never received a meta over MAX_PRESENCE_BYTES. After
 * the run a normal subscriber still receives a gig's change and /health answers.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRESENCE_BYTES } from '../../src/realtime/limits';
import { startTestBackend, type TestBackend } from '../harness';
import { closeAll, Inbox, postFrom, rawSocket, rtClient, subscribed, type RtClient } from '../realtime/helpers';
import { createUser, postGig, rest, type TestUser } from '../rest/helpers';
import { REQUEST_TIMEOUT_MS, check, noteStatus, summary, timeoutFor, type PropertyName } from './fuzz-support';

const PROPERTIES: PropertyName[] = ['realtime: hostile shapes'];
const CLEAN_CLOSES = new Set([1000, 1007, 1008, 1009]);
const REST_ANSWERS = new Set([202, 400, 413, 422, 429]);
const TOPIC = 'realtime:shapes';

let be: TestBackend;
let poster: TestUser;
let watcher: Awaited<ReturnType<typeof rawSocket>>;
let normal: RtClient;

beforeAll(async () => {
  be = await startTestBackend();
  poster = await createUser(be, 'rt-shapes-poster@example.com');
  watcher = await rawSocket(be);
  watcher.ws.send(JSON.stringify(['w', 'w', TOPIC, 'phx_join', { config: { presence: { key: 'watcher', enabled: true } } }]));
  await watcher.inbox.until((items) => items.some((m) => (m as unknown[])[1] === 'w'));
});
afterAll(async () => {
  watcher?.ws.close();
  if (normal) await closeAll([normal]);
  await be?.close();
});

const nested = (levels: number) => `{"deep":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const shape = fc.oneof(
  fc.record({ kind: fc.constant('deep' as const), levels: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 120_000 })), via: fc.constantFrom('presence', 'broadcast', 'join', 'binary', 'rest') }),
  fc.record({ kind: fc.constant('presence' as const), bytes: fc.oneof(fc.integer({ min: 0, max: 2 * MAX_PRESENCE_BYTES }), fc.integer({ min: 0, max: 200_000 })), times: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('bindings' as const), perJoin: fc.integer({ min: 0, max: 40 }), joins: fc.integer({ min: 1, max: 6 }), base: fc.nat(1_000_000) }),
  fc.record({ kind: fc.constant('channels' as const), count: fc.integer({ min: 1, max: 130 }) }),
  fc.record({ kind: fc.constant('batch' as const), messages: fc.integer({ min: 1, max: 130 }), bytes: fc.integer({ min: 0, max: 4_000 }) }),
);
const scenario = fc.record({ from: fc.integer({ min: 2, max: 254 }), shapes: fc.array(shape, { minLength: 1, maxLength: 3 }) });
type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

const frame = (topic: string, event: string, payloadText: string, ref = randomUUID().slice(0, 8)) => `["1",${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadText}]`;
const join = (topic: string, config: object) => JSON.stringify([topic, topic, topic, 'phx_join', { config }]);

/** Kind-3 binary broadcast push with a JSON body (realtime-js's binary frame). */
function binaryPush(topic: string, body: string): Buffer {
  const [j, r, t, e] = ['1', '9', topic, 'x'].map((s) => Buffer.from(s));
  return Buffer.concat([Buffer.from([3, j!.length, r!.length, t!.length, e!.length, 0, 1]), j!, r!, t!, e!, Buffer.from(body)]);
}

async function send(ws: WebSocket, from: string, s: Shape): Promise<void> {
  if (s.kind === 'deep') {
    const deep = nested(s.levels);
    if (s.via === 'presence') ws.send(frame(TOPIC, 'presence', `{"type":"presence","event":"track","payload":${deep}}`));
    else if (s.via === 'broadcast') ws.send(frame(TOPIC, 'broadcast', `{"type":"broadcast","event":"x","payload":${deep}}`));
    else if (s.via === 'join') ws.send(frame('realtime:deep-join', 'phx_join', `{"config":${deep}}`));
    else if (s.via === 'binary') ws.send(binaryPush(TOPIC, deep));
    else {
      const res = await postFrom(`127.0.0.${from}`, `${be.url}/realtime/v1/api/broadcast`, { apikey: be.config.ANON_KEY }, `{"messages":[{"topic":"shapes","event":"x","payload":${deep}}]}`);
      noteStatus(res.status);
      if (!REST_ANSWERS.has(res.status)) throw new Error(`REST broadcast of depth ${s.levels} answered ${res.status}`);
    }
  } else if (s.kind === 'presence') {
    for (let i = 0; i < s.times; i++) ws.send(frame(TOPIC, 'presence', JSON.stringify({ type: 'presence', event: 'track', payload: { blob: 'x'.repeat(s.bytes), i } })));
  } else if (s.kind === 'bindings') {
    for (let j = 0; j < s.joins; j++) {
      const postgres_changes = Array.from({ length: s.perJoin }, (_, i) => ({ event: '*', schema: 'public', table: 'gigs', filter: `rate=gt.${s.base + j * 40 + i}` }));
      ws.send(join(`realtime:bindings-${j}`, { postgres_changes }));
    }
  } else if (s.kind === 'channels') {
    for (let i = 0; i < s.count; i++) ws.send(join(`realtime:many-${i}`, {}));
  } else {
    const messages = Array.from({ length: s.messages }, (_, i) => ({ topic: 'shapes', event: 'x', payload: { i, pad: 'p'.repeat(s.bytes) } }));
    const res = await postFrom(`127.0.0.${from}`, `${be.url}/realtime/v1/api/broadcast`, { apikey: be.config.ANON_KEY }, JSON.stringify({ messages }));
    noteStatus(res.status);
    if (!REST_ANSWERS.has(res.status)) throw new Error(`REST batch of ${s.messages} answered ${res.status}`);
  }
}

/** A heartbeat answered (true), or the socket closed first (false); rejects on a hang. */
async function answers(socket: { ws: WebSocket; inbox: Inbox<unknown>; closed: Promise<number> }, who: string): Promise<boolean> {
  if (socket.ws.readyState !== socket.ws.OPEN) return false;
  const ref = `hb-${randomUUID()}`;
  socket.ws.send(JSON.stringify([null, ref, 'phoenix', 'heartbeat', {}]));
  const answered = socket.inbox.until((items) => items.some((m) => Array.isArray(m) && m[1] === ref), REQUEST_TIMEOUT_MS).then(
    () => true,
    (error: Error) => Promise.reject(new Error(`${who}: no answer to a heartbeat (${error.message.slice(0, 200)})`)),
  );
  answered.catch(() => undefined); // a socket that closed first leaves this to time out unheard
  return Promise.race([answered, socket.closed.then(() => false)]);
}

async function runCase(s: { from: number; shapes: Shape[] }): Promise<void> {
  const socket = await rawSocket(be, undefined, `127.0.0.${s.from}`).catch(() => null); // 429 past the sockets per IP
  socket?.ws.send(join(TOPIC, { presence: { key: `case-${s.from}`, enabled: true } }));
  for (const sh of s.shapes) if (socket && socket.ws.readyState === socket.ws.OPEN) await send(socket.ws, String(s.from), sh);
  if (socket) {
    const open = await answers(socket, 'the case\'s socket');
    const code = open ? 101 : await socket.closed;
    noteStatus(code);
    if (!open && !CLEAN_CLOSES.has(code)) throw new Error(`socket closed with ${code} after ${JSON.stringify(s).slice(0, 300)}`);
    socket.ws.terminate();
  }
  if (!(await answers(watcher, 'the watcher'))) throw new Error('the watcher lost its socket');
  for (const m of watcher.inbox.items.splice(0)) {
    if (!Array.isArray(m) || (m[3] !== 'presence_diff' && m[3] !== 'presence_state')) continue;
    const metas = Object.values({ ...(m[4].joins ?? {}), ...(m[4].leaves ?? {}), ...(m[3] === 'presence_state' ? m[4] : {}) }) as { metas: unknown[] }[];
    for (const meta of metas.flatMap((e) => e.metas ?? [])) {
      if (JSON.stringify(meta).length > MAX_PRESENCE_BYTES + 100) throw new Error(`the watcher received a meta of ${JSON.stringify(meta).length} bytes`);
    }
  }
}

describe('fuzz /realtime/v1: hostile shapes', () => {
  it('deep, large and numerous shapes are refused or bounded; nothing crashes or blacks out', { timeout: timeoutFor('realtime: hostile shapes') }, async () => {
    await check('realtime: hostile shapes', scenario, runCase);
    normal = await rtClient(be);
    const gig = await postGig(be, poster);
    const inbox = new Inbox<{ new: { id: string } }>();
    await subscribed(normal.sb.channel('normal').on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'gigs', filter: `id=eq.${gig}` }, (p) => inbox.push(p as never)));
    expect((await rest(be, `/gigs?id=eq.${gig}`, { method: 'PATCH', token: poster.token, body: JSON.stringify({ title: 'After the storm' }) })).status).toBe(204);
    expect((await inbox.count(1))[0]!.new.id).toBe(gig);
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
    console.log(summary('fuzz-realtime-shapes.test.ts', PROPERTIES));
  });
});
