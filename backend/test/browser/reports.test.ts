/**
 * /browser/v1 over real HTTP: error reports and canary page loads are kept and counted against the
 * right version; the release figures are for the service_role key only; every malformed body is a
 * 4xx in the platform's shape (never a 5xx); one address, and all addresses together, are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import { startTestBackend, type TestBackend } from '../harness';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ BROWSER_REPORTS_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await be?.close();
});

const CANARY = { version: '0.2.0+0b1c2d3e4f', assignment: 'canary' };
const CURRENT = { version: '0.1.0+3f2a9c01be', assignment: 'current' };
const release = (environment: string) => ({ environment, revision: 3, versions: { campaign: CANARY, gigs: CURRENT } });

function post(path: 'errors' | 'loads', body: unknown, contentType = 'text/plain;charset=UTF-8', target: TestBackend = be) {
  return fetch(`${target.url}/browser/v1/${path}`, { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function stats(environment: string, remote: string, version: string, assignment = 'canary') {
  const res = await fetch(`${be.url}/browser/v1/release-stats?${new URLSearchParams({ environment, remote, version, assignment })}`, { headers: { authorization: `Bearer ${be.config.SERVICE_ROLE_KEY}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { loads: number; errors: number };
}

describe('reports and loads', () => {
  it('keeps a report as sent (text/plain or JSON) and counts it against the remote it names', async () => {
    const env = 'named';
    const report = { kind: 'slot-crash', message: 'TypeError: x is undefined', stack: 'at Campaign (/releases/campaign/0.2.0+0b1c2d3e4f/1.js:1:2)', remote: 'campaign', page: 'http://127.0.0.1/#home', release: release(env) };
    expect((await post('errors', report)).status).toBe(202);
    expect((await post('errors', report, 'application/json')).status).toBe(202);
    const { rows } = await be.db.transaction((tx) => tx.query<{ kind: string; remote: string; environment: string; versions: unknown }>("select kind, remote, environment, versions from need40_browser.reports where environment = 'named'"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ kind: 'slot-crash', remote: 'campaign', environment: 'named', versions: { campaign: CANARY, gigs: CURRENT } });
    expect(await stats(env, 'campaign', CANARY.version)).toMatchObject({ errors: 2, loads: 0 });
    expect(await stats(env, 'gigs', CURRENT.version, 'current')).toMatchObject({ errors: 0 });
  });

  it('an error no remote can be named for counts against every canary of the page, not the current versions', async () => {
    const env = 'unnamed';
    expect((await post('errors', { kind: 'error', message: 'Script error.', release: release(env) })).status).toBe(202);
    expect(await stats(env, 'campaign', CANARY.version)).toMatchObject({ errors: 1 });
    expect(await stats(env, 'gigs', CURRENT.version, 'current')).toMatchObject({ errors: 0 });
  });

  it('counts a page load for each canary it ran', async () => {
    const env = 'loads';
    for (let i = 0; i < 3; i += 1) expect((await post('loads', { release: release(env) })).status).toBe(202);
    expect(await stats(env, 'campaign', CANARY.version)).toMatchObject({ loads: 3, errors: 0 });
    expect(await stats(env, 'gigs', CURRENT.version, 'current')).toMatchObject({ loads: 0 });
  });

  it('a report without an environment is kept but counted against nothing', async () => {
    expect((await post('errors', { kind: 'unhandledrejection', message: 'boom' })).status).toBe(202);
    expect((await post('loads', { release: { environment: null, versions: {} } })).status).toBe(202);
  });
});

describe('release figures are not public', () => {
  it.each([
    ['no token', {}, 401, 'unauthorized'],
    ['the anon key', { authorization: `Bearer ANON` }, 403, 'forbidden'],
    ['a token signed with another secret', { authorization: 'Bearer FORGED' }, 401, 'unauthorized'],
    ['garbage', { authorization: 'Bearer x.y.z' }, 401, 'unauthorized'],
  ])('%s → %i', async (_name, headers, status, code) => {
    const forged = await signJwt({ role: 'service_role', iss: 'supabase-demo' }, 'another-secret-that-is-long-enough-for-hs256');
    const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('ANON', be.config.ANON_KEY).replace('FORGED', forged)]));
    const res = await fetch(`${be.url}/browser/v1/release-stats?environment=e&remote=campaign&version=0.1.0%2Babcdef0123`, { headers: h });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  });

  it('a malformed query is a 400', async () => {
    const res = await fetch(`${be.url}/browser/v1/release-stats?environment=../x&remote=campaign&version=v`, { headers: { authorization: `Bearer ${be.config.SERVICE_ROLE_KEY}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request' });
  });

  it('no API role can read the tables through /rest/v1', async () => {
    for (const key of [be.config.ANON_KEY, be.config.SERVICE_ROLE_KEY]) {
      const res = await fetch(`${be.url}/rest/v1/reports?select=*`, { headers: { apikey: key, authorization: `Bearer ${key}`, 'accept-profile': 'need40_browser' } });
      expect(res.status).toBe(406);
    }
  });
});

describe('bad input is a 4xx, never a 5xx', () => {
  const ok = { kind: 'error', message: 'm' };
  it.each([
    ['not JSON', '{nope', 'text/plain', 400],
    ['an array', '[]', 'text/plain', 400],
    ['JSON null', 'null', 'application/json', 400],
    ['no message', JSON.stringify({ kind: 'error' }), 'text/plain', 400],
    ['an empty message', JSON.stringify({ ...ok, message: '' }), 'text/plain', 400],
    ['a message of 1001 characters', JSON.stringify({ ...ok, message: 'x'.repeat(1001) }), 'text/plain', 400],
    ['an unknown kind', JSON.stringify({ ...ok, kind: 'oops' }), 'text/plain', 400],
    ['a remote name with a slash', JSON.stringify({ ...ok, remote: 'a/b' }), 'text/plain', 400],
    ['an environment that climbs', JSON.stringify({ ...ok, release: { environment: '../prod', versions: {} } }), 'text/plain', 400],
    ['seventeen remotes', JSON.stringify({ ...ok, release: { environment: 'e', versions: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`r${i}`, CURRENT])) } }), 'text/plain', 400],
    ['a version of 81 characters', JSON.stringify({ ...ok, release: { environment: 'e', versions: { campaign: { version: 'v'.repeat(81), assignment: 'canary' } } } }), 'text/plain', 400],
    ['JSON nested 20 deep', `${'['.repeat(20)}${']'.repeat(20)}`, 'text/plain', 400],
    ['an empty body', '', 'text/plain', 400],
    ['17 KB', JSON.stringify({ ...ok, stack: 'x'.repeat(17 * 1024) }), 'text/plain', 413],
    ['XML', '<report/>', 'application/xml', 415],
  ])('%s → %i', async (_name, body, contentType, status) => {
    const res = await post('errors', body, contentType);
    expect(res.status).toBe(status);
    const json = (await res.json()) as { code: string; request_id: string };
    expect(json.code).toMatch(/^(bad_request|payload_too_large|unsupported_media_type)$/);
    expect(json.request_id).toBeTruthy();
  });
});

describe('the hook for /metrics', () => {
  it('the observer hears each accepted report and canary load, and one that throws fails nothing', async () => {
    const heard: unknown[] = [];
    const observed = await startTestBackend({}, undefined, {
      observeBrowserReports: (e) => {
        heard.push(e);
        throw new Error('a broken counter');
      },
    });
    try {
      expect((await post('errors', { kind: 'slot-load', message: 'm', remote: 'campaign', release: release('obs') }, undefined, observed)).status).toBe(202);
      expect((await post('loads', { release: release('obs') }, undefined, observed)).status).toBe(202);
      expect((await post('errors', { kind: 'error' }, undefined, observed)).status).toBe(400);
      expect(heard).toEqual([
        { type: 'error', kind: 'slot-load', environment: 'obs', remote: 'campaign', version: CANARY.version, assignment: 'canary' },
        { type: 'load', kind: null, environment: 'obs', remote: 'campaign', version: CANARY.version, assignment: 'canary' },
      ]);
    } finally {
      await observed.close();
    }
  });
});

describe('limits', () => {
  it('one address: the report after BROWSER_REPORTS_PER_MINUTE is refused with 429 and Retry-After, before its body is read', async () => {
    const small = await startTestBackend({ BROWSER_REPORTS_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i += 1) expect((await post('errors', { kind: 'error', message: `m${i}` }, undefined, small)).status).toBe(202);
      const refused = await post('errors', '{not even json', undefined, small);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'too_many_requests' });
    } finally {
      await small.close();
    }
  });

  it('all addresses together: past BROWSER_REPORTS_PER_MINUTE_TOTAL nothing reaches the database until the next minute', async () => {
    const small = await startTestBackend({ BROWSER_REPORTS_PER_MINUTE: '1000', BROWSER_REPORTS_PER_MINUTE_TOTAL: '4' });
    try {
      // The total counts in fixed minutes of the backend's clock: start just after one begins, so a
      // slow run never crosses into the next (which would start counting again).
      small.advanceClock(60_000 - (small.app.services.now() % 60_000) + 1000);
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await post('errors', { kind: 'error', message: `t${i}` }, undefined, small)).status);
      expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
      const { rows } = await small.db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from need40_browser.reports'));
      expect(rows[0]?.n).toBe(4);
      small.advanceClock(60_000);
      expect((await post('errors', { kind: 'error', message: 'later' }, undefined, small)).status).toBe(202);
    } finally {
      await small.close();
    }
  });
});
