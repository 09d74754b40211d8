/**
 * The scheduled SQL jobs (SQL_JOBS) and the development clock: configuration is checked at start,
 * a job is a database function called with the runner's time, /_dev/clock moves that time for a
 * local test only (never in production, never for another host), and a failing job is reported,
 * not fatal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { parseSqlJobs } from '../src/jobs/sql-jobs';
import { startTestBackend, type TestBackend } from './harness';

describe('SQL_JOBS', () => {
  it('names functions with an interval, or off; anything else is a configuration error', () => {
    expect(parseSqlJobs('private.run_payment_timers@60, app.nightly@86400')).toEqual([
      { fn: 'private.run_payment_timers', everySeconds: 60 },
      { fn: 'app.nightly', everySeconds: 86400 },
    ]);
    expect(parseSqlJobs('off')).toEqual([]);
    for (const bad of ['private.run_payment_timers', 'x@60', 'a.b@0', 'a."b"@60', 'A.b@60', 'a.b@60; drop table x']) {
      expect(() => loadConfig({ SQL_JOBS: bad }), bad).toThrow(/SQL_JOBS/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_CLOCK: 'true' })).toThrow(/DEV_CLOCK: must be false in production/);
  });
});

describe('/_dev/clock', () => {
  let be: TestBackend;
  let plain: TestBackend;
  beforeAll(async () => {
    be = await startTestBackend({ DEV_CLOCK: 'true', SQL_JOBS: 'private.run_payment_timers@60,private.no_such_job@60' });
    plain = await startTestBackend({}, be.db);
  });
  afterAll(async () => {
    await plain?.close();
    await be?.close();
  });

  it('moves the jobs\' time and runs them; a missing function is reported, not fatal', async () => {
    const before = Date.parse(((await (await fetch(`${be.url}/_dev/clock`)).json()) as { now: string }).now);
    const res = await fetch(`${be.url}/_dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: 86_400_000 }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { now: string; results: { fn: string; ok: boolean }[] };
    expect(Date.parse(body.now) - before).toBeGreaterThanOrEqual(86_400_000);
    expect(body.results).toEqual([
      { fn: 'private.run_payment_timers', ok: true, result: expect.objectContaining({ released: 0 }) },
      { fn: 'private.no_such_job', ok: false, error: expect.stringContaining('does not exist') },
    ]);
    const bad = await fetch(`${be.url}/_dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: -1 }) });
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'bad_request']);
  });

  it('answers nobody but this machine, and does not exist without DEV_CLOCK', async () => {
    // A client elsewhere, or a page that rebinds its own name to 127.0.0.1 (fastify's inject sets both).
    for (const [remoteAddress, host] of [['203.0.113.7', '127.0.0.1:54321'], ['127.0.0.1', 'need40.example']]) {
      const foreign = await be.app.inject({ method: 'POST', url: '/_dev/clock', remoteAddress, headers: { host, origin: 'https://need40.example' }, payload: { advance_ms: 1 } });
      expect(foreign.statusCode, `${remoteAddress} ${host}`).toBe(404);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect((await fetch(`${plain.url}/_dev/clock`)).status).toBe(404);
  });
});
