/**
 * Bounded time per request, on the database side: PostgreSQL's statement timeout answers 400
 * 57014, a client that leaves cancels its statement (PostgreSQL) or its queued transaction
 * (PGlite), /health answers from the process while the database is busy, a 5xx body carries no
 * database internals, and count=planned does not reveal rows RLS hides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types';
import { schemaCacheFor } from '../../src/rest/schema-cache';
import { openTestDatabase, startTestBackend, testDbKind, type TestBackend } from '../harness';
import { send, signUp, type Account } from './helpers';

const onPostgres = testDbKind() === 'postgres';
let raw: Database;
let be: TestBackend;
/** Every signal a /rest/v1 transaction was given, in order. */
const signals: AbortSignal[] = [];
let A: Account;
let B: Account;

const until = async (what: string, ok: () => boolean | Promise<boolean>, deadlineMs = 20_000) => {
  const end = Date.now() + deadlineMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Occupy the database: PGlite's one queue, or every pooled PostgreSQL connection (the harness
 * opens 10), so the next transaction waits its turn. Returns the release.
 */
async function holdDatabase(): Promise<() => Promise<void>> {
  const releases: (() => void)[] = [];
  const started: Promise<void>[] = [];
  const holds = Array.from({ length: onPostgres ? 10 : 1 }, () => {
    let began!: () => void;
    started.push(new Promise<void>((r) => (began = r)));
    return raw.transaction(() => new Promise<void>((r) => {
      releases.push(r);
      began();
    }));
  });
  if (onPostgres) await Promise.all(started);
  return async () => {
    await until('every hold began', () => releases.length === holds.length);
    for (const r of releases) r();
    await Promise.all(holds);
  };
}

beforeAll(async () => {
  raw = await openTestDatabase();
  // Test-only functions: a statement that runs for a while, and an error with internal details.
  await raw.transaction(async (tx) => {
    await tx.exec(`
      create function public.test_sleep(seconds float8) returns int language sql volatile as 'select 1 from (select pg_sleep(seconds)) s';
      create function public.test_internal_error() returns int language plpgsql as $$
        begin raise exception using errcode = 'XX000', message = 'TopMemoryContext: 8192 total in 1 blocks; secret detail'; end $$;
      create function public.test_lock_pair(first int, second int) returns int language sql volatile as
        'select 1 from (select pg_advisory_xact_lock(first), pg_sleep(0.3), pg_advisory_xact_lock(second)) s';
      grant execute on function public.test_sleep(float8), public.test_internal_error(), public.test_lock_pair(int, int) to anon, authenticated;`);
  });
  const watched: Database = {
    kind: raw.kind,
    close: () => raw.close(),
    listen: (channel, onNotify, onReconnect) => raw.listen(channel, onNotify, onReconnect),
    stats: () => raw.stats(),
    transaction: (fn, options) => {
      if (options?.signal) signals.push(options.signal);
      return raw.transaction(fn, options);
    },
    request: (unit, options) => {
      if (options?.signal) signals.push(options.signal);
      return raw.request(unit, options);
    },
  };
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', DB_STATEMENT_TIMEOUT_MS: '60000' }, watched);
  await schemaCacheFor(watched).reload();
  A = await signUp(be, 'time-a@example.com');
  B = await signUp(be, 'time-b@example.com');
});

afterAll(async () => {
  await be?.close();
  await raw?.close();
});

describe('a client that leaves stops its work', () => {
  it('a write still queued when its client aborts is dropped, never run', async () => {
    // Warm the schema cache, then hold the database so the next request waits in line.
    expect((await send(be, { path: '/rest/v1/gigs?select=id', bearer: A.access })).status).toBe(200);
    const release = await holdDatabase();
    const seen = signals.length;
    const client = new AbortController();
    const post = fetch(`${be.url}/rest/v1/gigs`, {
      method: 'POST',
      headers: { apikey: be.config.ANON_KEY, authorization: `Bearer ${A.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Never posted', description: 'x', rate: 10, hours: 1, location: 'remote' }),
      signal: client.signal,
    }).catch(() => 'aborted');
    try {
      await until('the write waits for the database', () => signals.length > seen);
      client.abort();
      expect(await post).toBe('aborted');
      await until('the server saw the client leave', () => signals[seen]!.aborted);
    } finally {
      await release();
    }
    const rows = await send(be, { path: `/rest/v1/gigs?select=id&title=eq.${encodeURIComponent('Never posted')}`, bearer: A.access });
    expect([rows.status, rows.json]).toEqual([200, []]);
  });

  it.runIf(onPostgres)('PostgreSQL: a running statement is canceled when its client aborts', async () => {
    const running = async () =>
      (await raw.transaction((tx) => tx.query<{ n: string }>("select count(*)::text as n from pg_stat_activity where state = 'active' and query like '%test_sleep%' and pid <> pg_backend_pid()"))).rows[0]!.n !== '0';
    const client = new AbortController();
    const call = fetch(`${be.url}/rest/v1/rpc/test_sleep`, {
      method: 'POST',
      headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json' },
      body: '{"seconds": 45}',
      signal: client.signal,
    }).catch(() => 'aborted');
    await until('the statement runs', running);
    client.abort();
    expect(await call).toBe('aborted');
    // Without the cancel it would run for 45 s; the deadline is far below that.
    await until('the statement was canceled', async () => !(await running()), 15_000);
  });
});

describe.runIf(onPostgres)('PostgreSQL deadlocks', () => {
  it('two calls locking in opposite orders both answer 200: the deadlock victim runs again, never a 500', async () => {
    const call = (first: number, second: number) => send(be, { method: 'POST', path: '/rest/v1/rpc/test_lock_pair', body: { first, second } });
    // Without the retry one of the two is PostgreSQL's victim after deadlock_timeout (1 s): 500 40P01.
    const answers = await Promise.all([call(7001, 7002), call(7002, 7001)]);
    expect(answers.map((a) => [a.status, a.json]), answers.map((a) => a.text).join(' | ')).toEqual([[200, 1], [200, 1]]);
  });
});

describe.runIf(onPostgres)('PostgreSQL statement timeout', () => {
  it('a request running past DB_STATEMENT_TIMEOUT_MS answers 400 57014, and the pool serves the next one', async () => {
    const short = await startTestBackend({ DB_STATEMENT_TIMEOUT_MS: '300' }, raw);
    try {
      const a = await send(short, { method: 'POST', path: '/rest/v1/rpc/test_sleep', body: { seconds: 5 } });
      expect([a.status, (a.json as { code: string }).code], a.text).toEqual([400, '57014']);
      const quick = await send(short, { method: 'POST', path: '/rest/v1/rpc/test_sleep', body: { seconds: 0 } });
      expect([quick.status, quick.json]).toEqual([200, 1]);
    } finally {
      await short.close();
    }
  });
});

describe('/health while the database is busy', () => {
  it('answers 200 from the last good probe, marked pending, while the database is held', async () => {
    expect((await send(be, { path: '/health' })).json).toEqual({ status: 'ok', database: raw.kind });
    const release = await holdDatabase();
    try {
      const health = await send(be, { path: '/health' });
      expect([health.status, health.json]).toEqual([200, { status: 'ok', database: raw.kind, database_probe: 'pending' }]);
    } finally {
      await release();
    }
    expect((await send(be, { path: '/health' })).json).toEqual({ status: 'ok', database: raw.kind });
  });
});

describe('5xx answers carry no internals', () => {
  it('a database error with internal details answers 500 with its code and the request id only', async () => {
    const a = await send(be, { method: 'POST', path: '/rest/v1/rpc/test_internal_error', body: {} });
    expect(a.status).toBe(500);
    expect(a.text).not.toMatch(/MemoryContext|secret detail/);
    expect(a.json).toEqual({ code: 'XX000', details: null, hint: null, message: 'Internal server error', request_id: a.headers.get('x-request-id') });
  });
});

describe('count=planned and count=estimated under row-level security', () => {
  it('give the count of rows the caller can see, not the planner estimate of every row (after ANALYZE)', async () => {
    await raw.transaction((tx) => tx.query("insert into public.payments (amount, status, user_id) select 1, 'pending', $1 from generate_series(1, 500)", [A.id]));
    await raw.transaction((tx) => tx.exec('analyze public.payments'));
    for (const count of ['planned', 'estimated']) {
      const b = await send(be, { path: '/rest/v1/payments?select=id&limit=1', bearer: B.access, headers: { prefer: `count=${count}` } });
      expect([b.status, b.headers.get('content-range')], b.text).toEqual([200, '*/0']);
      const a = await send(be, { path: '/rest/v1/payments?select=id&limit=1', bearer: A.access, headers: { prefer: `count=${count}` } });
      expect(a.headers.get('content-range')).toBe('0-0/500');
    }
  });
});
