/**
 * GET /health/ready beside the liveness /health: ready only when the database answers, every
 * migration of this release is applied and unedited, the project keys verify against the secret
 * and (when configured) the SMTP server answers; each failing check is named in a 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/security/jwt';
import { SMTP_CACHE_MS } from '../../src/http/ready';
import { startSmtpSink, type SmtpSink } from '../auth/smtp-server';
import type { Database } from '../../src/db/types';
import { openTestDatabase, startTestBackend, type TestBackend } from '../harness';

let be: TestBackend;
let sink: SmtpSink;
/** The database as the backend sees it; `down` makes every transaction and request fail (an unreachable server). */
let down = false;
beforeAll(async () => {
  sink = await startSmtpSink();
  const real = await openTestDatabase();
  const flaky: Database = {
    kind: real.kind,
    stats: () => real.stats(),
    listen: (channel, onNotify, onReconnect) => real.listen(channel, onNotify, onReconnect),
    close: () => real.close(),
    transaction: (fn, options) => (down ? Promise.reject(new Error('connection refused')) : real.transaction(fn, options)),
    request: (unit, options) => (down ? Promise.reject(new Error('connection refused')) : real.request(unit, options)),
  };
  be = await startTestBackend({ SMTP_URL: sink.url }, flaky);
});
afterAll(async () => {
  await be?.close();
  await sink?.close();
});

const ready = async (backend = be) => {
  const res = await fetch(`${backend.url}/health/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
};
const sql = (text: string) => be.db.transaction((tx) => tx.query(text));

describe('GET /health/ready', () => {
  it('is ready when the database, the migrations, the keys and SMTP are', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', keys: 'ok', smtp: 'ok' } } });
  });

  it('names a migration that is pending or was edited', async () => {
    const [row] = (await sql("select name, checksum, normalised_checksum from need40_migrations.ledger where scope = 'app' order by name desc limit 1")).rows as {
      name: string;
      checksum: string;
      normalised_checksum: string;
    }[];
    await sql(`delete from need40_migrations.ledger where scope = 'app' and name = '${row!.name}'`);
    expect(await ready()).toMatchObject({ status: 503, body: { status: 'not_ready', checks: { migrations: '1 pending', database: 'ok' } } });
    await sql(`insert into need40_migrations.ledger (scope, name, checksum, normalised_checksum) values ('app', '${row!.name}', 'x', 'y')`);
    expect((await ready()).body.checks.migrations).toBe(`edited: ${row!.name}`);
    await sql(`update need40_migrations.ledger set checksum = '${row!.checksum}', normalised_checksum = '${row!.normalised_checksum}' where name = '${row!.name}'`);
    // A newer release's migration (a rolling upgrade in progress) keeps the old instance ready.
    await sql("insert into need40_migrations.ledger (scope, name, checksum) values ('app', '29990101000000_newer.sql', 'z')");
    expect(await ready()).toMatchObject({ status: 200, body: { checks: { migrations: 'ok (the database has 1 newer)' } } });
    await sql("delete from need40_migrations.ledger where name = '29990101000000_newer.sql'");
  });

  it('is not ready while the SMTP server is down, and liveness is unaffected', async () => {
    await sink.close();
    be.advanceClock(SMTP_CACHE_MS + 1000); // past the cached answer
    expect(await ready()).toMatchObject({ status: 503, body: { checks: { smtp: 'unreachable' } } });
    expect((await fetch(`${be.url}/health`)).status).toBe(200);
  });

  it('is not ready with an anon key signed by another secret', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const foreign = await signJwt({ role: 'anon', exp }, 'another-secret-that-is-at-least-32-characters');
    const other = await startTestBackend({ ANON_KEY: foreign });
    try {
      expect(await ready(other)).toMatchObject({ status: 503, body: { checks: { keys: 'ANON_KEY does not verify', smtp: 'not configured' } } });
    } finally {
      await other.close();
    }
  });

  it('is not ready when the database is unreachable', async () => {
    down = true;
    expect(await ready()).toMatchObject({ status: 503, body: { checks: { database: 'failed', migrations: 'failed' } } });
    down = false;
  });
});
