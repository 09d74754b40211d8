/**
 * Property-based fuzzing of Realtime's REST broadcast (fast-check): hostile bodies, headers,
 * topics, events and query strings to POST /realtime/v1/api/broadcast and its httpSend form,
 * from every credential but the service role (none, the anon key, the attacker's token, forged
 * tokens, garbage). Meanwhile victim B listens on B's private room (`room:<B>`, readable and
 * writable by B alone under the test's realtime.messages policies) and on B's private message
 * thread (`thread:<application>`, B and its poster alone under the app's policies).
 *
 * For every case: the answer is one of 202, 400, 401, 404, 413, 415, 422 or 429 (never 5xx,
 * never a hang). After the run nothing has reached B's private room or thread but the service
 * role's closing sentinels, and the server keeps serving.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import type { TestUser } from '../rest/helpers';
import { closeAll, Inbox, rtClient, subscribed, type RtClient } from '../realtime/helpers';
import { REQUEST_TIMEOUT_MS, check, hostileJson, hostileString, noteStatus, pct, summary, timeoutFor, type PropertyName } from './fuzz-support';
import { victimAndTokens } from './realtime-parties';

const PROPERTIES: PropertyName[] = ['realtime: REST broadcast'];
const EXPECTED = new Set([202, 400, 401, 404, 413, 415, 422, 429]);

let be: TestBackend;
let victim: TestUser;
let thread = '';
let listener: RtClient;
let tokens: string[] = [];
const heard = new Inbox<{ event: string }>();

beforeAll(async () => {
  be = await startTestBackend();
  ({ victim, thread, tokens } = await victimAndTokens(be, 'rt-rest-fuzz'));
  tokens.push('garbage', '');
  listener = await rtClient(be, victim.token);
  for (const topic of [`room:${victim.id}`, thread]) {
    await subscribed(listener.sb.channel(topic, { config: { private: true } }).on('broadcast', { event: '*' }, (m) => heard.push(m as never)));
  }
});
afterAll(async () => {
  if (listener) await closeAll([listener]);
  await be?.close();
});

const topic = fc.oneof(fc.constantFrom('room:VICTIM', 'THREAD', 'lobby', 'room:', ''), hostileString);
const message = fc.record({
  topic,
  event: fc.oneof(fc.constant('say'), hostileString),
  payload: fc.oneof(fc.record({ text: hostileString }), hostileJson),
  private: fc.oneof(fc.constant(true), fc.boolean(), hostileJson),
}, { requiredKeys: [] });
const body = fc.oneof(
  { weight: 4, arbitrary: fc.record({ messages: fc.array(message, { maxLength: 4 }) }).map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: hostileJson.map((j) => JSON.stringify(j) ?? 'null') },
  { weight: 1, arbitrary: hostileString },
);
const scenario = fc.record({
  // Mostly the anon key (tokens[0]), so most cases get past the door.
  apikey: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.option(fc.nat(20), { nil: undefined }) }),
  bearer: fc.option(fc.nat(20), { nil: undefined }),
  form: fc.constantFrom('batch', 'httpSend'),
  topic,
  event: hostileString,
  query: fc.constantFrom('', '?private=true', '?private=true&persist=true', '?persist[ttl]=5', `?private=${pct('\u202e')}`),
  contentType: fc.constantFrom('application/json', 'application/octet-stream', 'text/plain', 'application/json; charset=utf-8'),
  body,
});

async function runCase(s: typeof scenario extends fc.Arbitrary<infer T> ? T : never): Promise<void> {
  const headers: Record<string, string> = { 'content-type': s.contentType };
  if (s.apikey !== undefined) headers.apikey = tokens[s.apikey % tokens.length]!;
  if (s.bearer !== undefined) headers.authorization = `Bearer ${tokens[s.bearer % tokens.length]}`;
  const forVictim = (t: string) => t.replaceAll('VICTIM', victim.id).replaceAll('THREAD', thread);
  const path = s.form === 'batch'
    ? '/realtime/v1/api/broadcast'
    : `/realtime/v1/api/broadcast/${pct(forVictim(s.topic)) || 'x'}/events/${pct(s.event) || 'x'}${s.query}`;
  const res = await fetch(`${be.url}${path}`, { method: 'POST', headers, body: forVictim(s.body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await res.arrayBuffer();
  noteStatus(res.status);
  if (!EXPECTED.has(res.status)) throw new Error(`${res.status} for ${JSON.stringify(s).slice(0, 300)}`);
}

describe('fuzz /realtime/v1/api/broadcast', () => {
  it('hostile broadcasts are answered 2xx/4xx, never reach a private room the caller may not write', { timeout: timeoutFor('realtime: REST broadcast') }, async () => {
    await check('realtime: REST broadcast', scenario, runCase);
    const sentinel = await fetch(`${be.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: be.config.SERVICE_ROLE_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [`room:${victim.id}`, thread].map((topic) => ({ topic, event: 'sentinel', payload: {}, private: true })) }),
    });
    expect(sentinel.status).toBe(202);
    await heard.until((items) => items.filter((m) => m.event === 'sentinel').length === 2);
    expect(heard.items.map((m) => m.event)).toEqual(['sentinel', 'sentinel']);
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
    console.log(summary('fuzz-realtime-rest.test.ts', PROPERTIES));
  });
});
