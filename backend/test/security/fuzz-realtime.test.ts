/**
 * Property-based fuzzing of /realtime/v1 (fast-check) over real WebSockets: each case opens a
 * socket (vsn 1.0.0 or 2.0.0) and sends a few generated frames — garbage text, random bytes,
 * arbitrary JSON, Phoenix-shaped messages with hostile topics, events and payloads, joins with
 * hostile postgres_changes bindings (other schemas, forged tokens, filters naming the victim),
 * private and public joins of the victim's private room — then a heartbeat. Meanwhile victim B
 * records a payment carrying a canary, and the service role broadcasts another canary on B's
 * private room (`room:<B>`, readable by B alone under the test's realtime.messages policies) and
 * on B's private message thread (`thread:<application>`, B and its poster alone: the app's policies).
 *
 * For every case: the heartbeat is answered, or the socket was closed cleanly with one of the
 * server's codes (1000, 1007 invalid frame, 1008 too many messages, 1009 too large); no frame the
 * attacker receives carries either canary; and the server keeps serving (/health after the run).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import type { TestUser } from '../rest/helpers';
import { REQUEST_TIMEOUT_MS, assertNoLeak, canary, check, hostileJson, hostileString, noteStatus, summary, timeoutFor, type PropertyName } from './fuzz-support';
import { victimAndTokens } from './realtime-parties';

const PROPERTIES: PropertyName[] = ['realtime: frames'];
const CLEAN_CLOSES = new Set([1000, 1007, 1008, 1009]);

let be: TestBackend;
let victim: TestUser;
let thread = '';
let tokens: string[] = [];
const secret = canary('payment');
const whisper = canary('private-broadcast');

beforeAll(async () => {
  be = await startTestBackend();
  ({ victim, thread, tokens } = await victimAndTokens(be, 'rt-fuzz'));
});
afterAll(async () => {
  await be?.close();
});

const topic = fc.oneof(fc.constantFrom('phoenix', 'realtime:room', 'realtime:', 'realtime:payments', 'realtime:room:VICTIM', 'realtime:lobby', 'realtime:THREAD'), fc.string({ maxLength: 40 }).map((s) => `realtime:${s}`), hostileString);
const binding = fc.record({
  event: fc.oneof(fc.constantFrom('*', 'INSERT', 'UPDATE', 'DELETE'), hostileString),
  schema: fc.oneof(fc.constantFrom('public', 'auth', 'need40_realtime', 'pg_catalog'), hostileString),
  table: fc.option(fc.oneof(fc.constantFrom('payments', 'gigs', 'users', 'spill', 'sessions', '*'), hostileString), { nil: undefined }),
  filter: fc.option(fc.oneof(fc.constant('user_id=eq.VICTIM'), fc.constant('user_id=neq.VICTIM'), fc.constant('amount=in.(1,"2",600)'), fc.constant('amount=gt.0'), hostileString), { nil: undefined }),
});
const joinPayload = fc.record({
  config: fc.record({
    broadcast: fc.record({ self: fc.boolean(), ack: fc.boolean() }),
    presence: fc.record({ key: fc.string({ maxLength: 20 }), enabled: fc.boolean() }),
    postgres_changes: fc.array(binding, { maxLength: 4 }),
    private: fc.boolean(),
  }, { requiredKeys: [] }),
  access_token: fc.option(fc.nat(20), { nil: undefined }),
}, { requiredKeys: [] });
const phoenix = fc.tuple(
  fc.oneof(fc.constant(null), fc.constant('1'), fc.string({ maxLength: 8 }), fc.nat()),
  fc.oneof(fc.constant(null), fc.string({ maxLength: 8 })),
  topic,
  fc.oneof(fc.constantFrom('phx_join', 'phx_leave', 'heartbeat', 'broadcast', 'presence', 'access_token'), hostileString),
  fc.oneof(joinPayload, hostileJson, fc.record({ type: fc.constant('presence'), event: fc.constantFrom('track', 'untrack', 'x'), payload: hostileJson }), fc.record({ type: fc.constant('broadcast'), event: hostileString, payload: hostileJson })),
);
const frame = fc.oneof(
  { weight: 6, arbitrary: phoenix.map((f) => ({ kind: 'phoenix' as const, f })) },
  { weight: 1, arbitrary: hostileString.map((s) => ({ kind: 'text' as const, s })) },
  { weight: 1, arbitrary: hostileJson.map((j) => ({ kind: 'text' as const, s: JSON.stringify(j) ?? 'null' })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => ({ kind: 'binary' as const, b })) },
);
const scenario = fc.record({ vsn: fc.constantFrom('1.0.0', '2.0.0'), frames: fc.array(frame, { minLength: 1, maxLength: 5 }) });

function encode(f: [unknown, unknown, unknown, unknown, unknown], vsn: string): string {
  const [joinRef, ref, t, event, raw] = f;
  let payload = raw as Record<string, unknown> | null;
  if (payload && typeof payload === 'object' && 'access_token' in payload && typeof payload.access_token === 'number') {
    payload = { ...payload, access_token: tokens[payload.access_token % tokens.length] };
  }
  const text = JSON.stringify(payload ?? null).replaceAll('VICTIM', victim.id).replaceAll('THREAD', thread);
  const p = JSON.parse(text) as unknown;
  const to = typeof t === 'string' ? t.replaceAll('VICTIM', victim.id).replaceAll('THREAD', thread) : t;
  return vsn === '2.0.0' ? JSON.stringify([joinRef, ref, to, event, p]) : JSON.stringify({ join_ref: joinRef, ref, topic: to, event, payload: p });
}

async function runCase(s: { vsn: string; frames: { kind: string; f?: unknown; s?: string; b?: Uint8Array }[] }): Promise<void> {
  const ws = new WebSocket(`${be.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${be.config.ANON_KEY}&vsn=${s.vsn}`);
  const received: string[] = [];
  let closeCode = 0;
  const closed = new Promise<void>((resolve) => ws.on('close', (code) => ((closeCode = code), resolve())));
  ws.on('message', (data) => received.push(String(data)));
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  for (const f of s.frames) {
    if (f.kind === 'phoenix') ws.send(encode(f.f as never, s.vsn));
    else if (f.kind === 'text') ws.send(f.s!);
    else ws.send(Buffer.from(f.b!));
  }
  await be.db.transaction((tx) => tx.query("insert into public.payments (amount, user_id, description) values (600, $1, $2)", [victim.id, secret]));
  await be.app.realtime.idle();
  const sent = await fetch(`${be.url}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { apikey: be.config.SERVICE_ROLE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [`room:${victim.id}`, thread].map((topic) => ({ topic, event: 'whisper', payload: { text: whisper }, private: true })) }),
  });
  if (sent.status !== 202) throw new Error(`the private broadcast was answered ${sent.status}`);
  const ref = `hb-${randomUUID()}`;
  const heartbeat = s.vsn === '2.0.0' ? JSON.stringify([null, ref, 'phoenix', 'heartbeat', {}]) : JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref, join_ref: null });
  if (ws.readyState === ws.OPEN) ws.send(heartbeat);
  const answered = new Promise<void>((resolve) => ws.on('message', (data) => String(data).includes(ref) && resolve()));
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer to a heartbeat and no close')), REQUEST_TIMEOUT_MS)));
  await Promise.race([answered, closed, hang]).finally(() => clearTimeout(timer));
  // Histogram: 101 = still open and answering, else the close code.
  noteStatus(ws.readyState === ws.OPEN ? 101 : closeCode);
  if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.terminate();
  else if (!CLEAN_CLOSES.has(closeCode)) throw new Error(`socket closed with ${closeCode}`);
  assertNoLeak(received.join('\n'), [secret, whisper], JSON.stringify(s).slice(0, 300));
}

describe('fuzz /realtime/v1', () => {
  it('hostile frames never crash the server, never hang a socket, never leak a row', { timeout: timeoutFor('realtime: frames') }, async () => {
    await check('realtime: frames', scenario, runCase);
    const health = await fetch(`${be.url}/health`);
    expect(health.status).toBe(200);
    console.log(summary('fuzz-realtime.test.ts', PROPERTIES));
  });
});
