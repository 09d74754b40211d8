/**
 * A 5xx on /auth/v1 never sends its cause; the one error handler logs it with the request id the
 * client saw (X-Request-Id), so an operator can find it.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/types';
import { openTestDatabase } from '../harness';

const lines: Record<string, unknown>[] = [];
let db: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  db = await openTestDatabase();
  // A mail server that is not there, and a database that cannot queue the mail for later either:
  // sign-up fails while keeping the confirmation.
  await db.transaction((tx) => tx.query('drop table auth.mail_queue'));
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:9', DATA_DIR: ':memory:' });
  const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) });
  app = await buildApp({ config, db, logger: { level: 'error', stream } });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('auth 5xx', () => {
  it('answers unexpected_failure without the cause, and logs the cause with the request id', async () => {
    const res = await app.inject({ method: 'POST', url: '/auth/v1/signup', headers: { 'content-type': 'application/json', 'x-request-id': 'trace-me-1' }, payload: { email: 'smtp-down@example.com', password: 'secret123' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error_code: 'unexpected_failure' });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|smtp|mail_queue/i);
    expect(res.headers['x-request-id']).toBe('trace-me-1');
    const logged = lines.find((l) => l.request_id === 'trace-me-1');
    expect(logged, JSON.stringify(lines)).toBeTruthy();
    expect(logged!.error_code).toBe('unexpected_failure');
    expect(JSON.stringify(logged!.err)).toMatch(/auth\.mail_queue/);
  });
});
