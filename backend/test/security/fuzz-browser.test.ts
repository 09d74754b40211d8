/**
 * Property-based fuzzing of /browser/v1 (fast-check): hostile bodies, content types and query
 * strings to the two public report endpoints and the service-only figures endpoint, from no
 * credential, the anon key and garbage tokens.
 * For every case: the answer is one of 202, 400, 401, 403, 404, 405, 413, 415 or 429 (never 5xx,
 * never a hang); no case without the service_role key ever reads a figure; afterwards the server
 * still serves and the reports table holds exactly the reports that were accepted.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { REQUEST_TIMEOUT_MS, check, hostileJson, hostileString, noteStatus, pct, summary, timeoutFor, type PropertyName } from './fuzz-support';

const PROPERTIES: PropertyName[] = ['browser: reports'];
const EXPECTED = new Set([202, 400, 401, 403, 404, 405, 413, 415, 429]);

let be: TestBackend;
let accepted = 0;
beforeAll(async () => {
  be = await startTestBackend({ BROWSER_REPORTS_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await be?.close();
});

const name = fc.oneof(fc.constantFrom('campaign', 'gigs', 'a/b', '', 'x'.repeat(41)), hostileString);
const versionEntry = fc.record({ version: fc.oneof(fc.constant('0.1.0+abcdef0123'), hostileString), assignment: fc.oneof(fc.constantFrom('current', 'canary', 'override'), hostileString) }, { requiredKeys: [] });
const release = fc.record({ environment: fc.oneof(fc.constantFrom('production', null, '../x'), hostileString), versions: fc.oneof(fc.dictionary(name, versionEntry, { maxKeys: 20 }), hostileJson) }, { requiredKeys: [] });
const report = fc.record(
  {
    kind: fc.oneof(fc.constantFrom('error', 'unhandledrejection', 'slot-load', 'slot-crash'), hostileString),
    message: fc.oneof(fc.string({ maxLength: 1100 }), hostileJson),
    stack: fc.oneof(fc.string({ maxLength: 200 }), fc.constant(null), hostileJson),
    remote: fc.oneof(name, fc.constant(null)),
    release: fc.oneof(release, hostileJson),
  },
  { requiredKeys: [] },
);
const scenario = fc.record({
  path: fc.constantFrom('errors', 'loads', 'release-stats', 'nope'),
  method: fc.constantFrom('POST', 'GET', 'PUT'),
  contentType: fc.constantFrom('text/plain;charset=UTF-8', 'application/json', 'application/xml', 'multipart/form-data', ''),
  body: fc.oneof({ weight: 4, arbitrary: report.map((r) => JSON.stringify(r)) }, { weight: 1, arbitrary: hostileJson.map((j) => JSON.stringify(j) ?? 'null') }, { weight: 1, arbitrary: hostileString }),
  query: fc.oneof(fc.constant(''), fc.record({ environment: hostileString, remote: name, version: hostileString }).map((q) => `?environment=${pct(q.environment)}&remote=${pct(q.remote)}&version=${pct(q.version)}`)),
  auth: fc.constantFrom('none', 'anon', 'garbage'),
});

async function runCase(s: typeof scenario extends fc.Arbitrary<infer T> ? T : never): Promise<void> {
  const headers: Record<string, string> = {};
  if (s.contentType) headers['content-type'] = s.contentType;
  if (s.auth === 'anon') headers.authorization = `Bearer ${be.config.ANON_KEY}`;
  if (s.auth === 'garbage') headers.authorization = 'Bearer a.b.c';
  const res = await fetch(`${be.url}/browser/v1/${s.path}${s.query}`, { method: s.method, headers, body: s.method === 'GET' ? undefined : s.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  noteStatus(res.status);
  if (!EXPECTED.has(res.status)) throw new Error(`${res.status} for ${JSON.stringify(s).slice(0, 300)}: ${text.slice(0, 200)}`);
  if (s.path === 'release-stats' && res.status < 300) throw new Error(`figures read without the service key: ${JSON.stringify(s).slice(0, 200)}`);
  if (res.status === 202 && s.path === 'errors') accepted += 1;
}

describe('fuzz /browser/v1', () => {
  it('hostile reports are answered 2xx/4xx, figures stay private, nothing is stored but what was accepted', { timeout: timeoutFor('browser: reports') }, async () => {
    await check('browser: reports', scenario, runCase);
    const { rows } = await be.db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from need40_browser.reports'));
    expect(rows[0]?.n).toBe(accepted);
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
    console.log(summary('fuzz-browser.test.ts', PROPERTIES));
  });
});
