/**
 * pnpm bench:rest — the REST layer against the same query sent straight through the driver, side
 * by side in one run: the home list (newest first, poster embedded, a page of 12) and each of its
 * filters, at 100k and 1M generated gigs, on PGlite and on PostgreSQL.
 *
 * For each query: sequential latency (p50/p95/p99 over --iterations requests) and throughput
 * under --connections concurrent clients for --duration seconds (autocannon for HTTP, the same
 * number of concurrent loops for the driver). The driver column sends exactly what the REST layer
 * sends to the database for that request — the settings (role anon, the request's claims), the
 * planned statement (its JSON rendered in SQL) and the end of the read-only transaction, as one
 * query string (db/types.ts `request`) — so the difference is what the REST layer itself costs:
 * HTTP, authentication, parsing, planning, rendering. Ratio = REST p50 / driver p50 (goal ≤ 1.10).
 * Three more columns for context: the same statement run the way every request ran before (begin,
 * settings, statement, commit: four round trips), the hand-written row query of the same page
 * through the driver (as role anon), and an empty HTTP round trip to the same server (the floor
 * any HTTP API pays). REST requests use a keep-alive node:http client, as a
 * load balancer or autocannon does (undici's fetch adds ~0.2 ms per request on the client side).
 * Loopback only; the load generator shares the process and the CPU with the server.
 *
 *   pnpm --filter backend bench:rest [--db=pglite,postgres] [--sizes=100000,1000000]
 *        [--iterations=200] [--duration=3] [--connections=8]
 *   PostgreSQL admin URL: BENCH_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/postgres);
 *   a scratch database is created and dropped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import type { Database, Tx } from '../src/db/types';
import { negotiate } from '../src/rest/media';
import { buildStatement } from '../src/rest/query-builder';
import { parseQuery, queryPairs } from '../src/rest/query-string';
import { pageOf, planRead } from '../src/rest/read';
import { schemaCacheFor } from '../src/rest/schema-cache';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const SIZES = (args.sizes ?? '100000,1000000').split(',').map(Number);
const ITERATIONS = Number(args.iterations ?? 200);
const DURATION = Number(args.duration ?? 3);
const CONNECTIONS = Number(args.connections ?? 8);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

interface BenchQuery {
  name: string;
  /** Path and query string under /rest/v1, as supabase-js sends it. */
  rest: string;
  prefer?: string;
  /** The same page, hand-written as a row query (context: what a hand-written client would send). */
  sql: string;
  params: unknown[];
  /** Fewer sequential runs for slow queries (the exact count scans every row). */
  iterations?: number;
}

const HOME_SELECT = 'select=*,profiles!gigs_user_id_fkey(username,avatar_url)&order=created_at.desc&offset=0&limit=12';
const DRIVER = (where: string) => `
  select g.*, case when p.id is null then null else json_build_object('username', p.username, 'avatar_url', p.avatar_url) end as profiles
  from public.gigs g left join public.profiles p on p.id = g.user_id
  ${where} order by g.created_at desc limit 12`;

const QUERIES: BenchQuery[] = [
  { name: 'home list', rest: `/gigs?${HOME_SELECT}`, sql: DRIVER(''), params: [] },
  {
    name: 'home list + count=exact', rest: `/gigs?${HOME_SELECT}`, prefer: 'count=exact',
    sql: `select (select count(*) from public.gigs) as total, x.* from (${DRIVER('')}) x`, params: [], iterations: 30,
  },
  { name: 'title ilike %react%', rest: `/gigs?${HOME_SELECT}&title=ilike.%25react%25`, sql: DRIVER('where g.title ilike $1'), params: ['%react%'] },
  { name: 'payment_type=fixed', rest: `/gigs?${HOME_SELECT}&payment_type=eq.fixed`, sql: DRIVER('where g.payment_type = $1'), params: ['fixed'] },
  { name: 'location=onsite', rest: `/gigs?${HOME_SELECT}&location=eq.onsite`, sql: DRIVER('where g.location = $1'), params: ['onsite'] },
  { name: 'rate 100..120', rest: `/gigs?${HOME_SELECT}&rate_cents=gte.10000&rate_cents=lte.12000`, sql: DRIVER('where g.rate_cents >= $1 and g.rate_cents <= $2'), params: [10000, 12000] },
  // The same range on the numeric column, as the grid sent it before rate_cents (docs/bench-rest.md).
  { name: 'rate 100..120 (numeric)', rest: `/gigs?${HOME_SELECT}&rate=gte.100&rate=lte.120`, sql: DRIVER('where g.rate >= $1 and g.rate <= $2'), params: [100, 120] },
  { name: 'skills cs {rust}', rest: `/gigs?${HOME_SELECT}&skills=cs.%7Brust%7D`, sql: DRIVER('where g.skills @> $1'), params: ['{rust}'] },
];

const SEED_USERS = 1000;

async function seed(db: Database, size: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`insert into auth.users (email) select 'bench' || i || '@example.com' from generate_series(1, ${SEED_USERS}) i`);
  });
  const chunk = 100_000;
  for (let start = 0; start < size; start += chunk) {
    const end = Math.min(size, start + chunk);
    await db.transaction(async (tx) => {
      // Bulk load as the owner: skip the created_at and audit triggers (timestamps are spread on purpose).
      await tx.query('alter table public.gigs disable trigger user');
      await tx.query(`
        with u as (select array_agg(id order by id) as ids from public.profiles)
        insert into public.gigs (user_id, title, description, payment_type, rate, hours, location, skills, created_at)
        select u.ids[1 + i % ${SEED_USERS}],
               (array['React','Python','Paint','Garden','Plumbing','Logo','Data','Mobile','Fence','Copywriting','Tutor','Moving'])[1 + i % 12]
                 || ' ' || (array['landing page','fix','cleanup','design','hook','migration','lesson','audit','help'])[1 + (i / 12) % 9] || ' #' || i,
               'Generated gig number ' || i || ' for the benchmark.',
               case when i % 4 = 0 then 'fixed' else 'hourly' end,
               10 + (i::bigint * 7919) % 990,
               1 + i % 40,
               (array['remote','onsite','hybrid'])[1 + i % 3],
               array[(array['react','python','sql','design','writing','plumbing','painting','go','rust','figma','excel','seo'])[1 + i % 12],
                     (array['react','python','sql','design','writing','plumbing','painting','go','rust','figma','excel','seo'])[1 + (i / 7) % 12]],
               timestamptz '2026-01-01' - make_interval(secs => i)
        from generate_series(${start + 1}, ${end}) i, u`);
      await tx.query('alter table public.gigs enable trigger user');
    });
  }
  await db.transaction(async (tx) => {
    await tx.query('analyze public.gigs');
    await tx.query('analyze public.profiles');
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

async function sequential(fn: () => Promise<unknown>, iterations = ITERATIONS): Promise<Pick<Stats, 'p50' | 'p95' | 'p99'>> {
  for (let i = 0; i < Math.min(20, iterations); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

async function concurrentLoops(fn: () => Promise<unknown>): Promise<number> {
  const until = Date.now() + DURATION * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < until) {
      await fn();
      done++;
    }
  }));
  return done / DURATION;
}

async function cannon(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx || result.errors) throw new Error(`autocannon: ${result.non2xx} non-2xx, ${result.errors} errors for ${url}`);
  return result.requests.average;
}

interface Row {
  db: string;
  size: number;
  query: string;
  rest: Stats;
  /** What the REST layer sends to the database for this request (settings, statement, end as one query string), straight through the driver. */
  driver: Stats;
  /** REST p50 / driver p50 − 1 (goal ≤ 0.25). */
  p50Overhead: number;
  /** REST rps / driver rps (goal ≥ 0.8). */
  throughputRatio: number;
  /** The hand-written row query through the driver, as role anon: p50/p95 in ms. */
  handP50: number;
  handP95: number;
  /** An empty HTTP round trip to the same server: p50 in ms. */
  httpFloorP50: number;
  /** The same statement run as every request ran before: begin, settings, statement, commit (p50, ms). */
  fourTripsP50: number;
  /** REST p50 / driver p50 (goal ≤ 1.10). */
  ratio: number;
}

/** GET on one keep-alive connection; resolves with the body, rejects on a status ≥ 300. */
function keepAliveGetter(base: string, headers: Record<string, string>): (path: string) => Promise<string> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path) =>
    new Promise((resolve, reject) => {
      http
        .get({ host: url.hostname, port: url.port, path: url.pathname.replace(/\/$/, '') + path, headers, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => ((res.statusCode ?? 500) >= 300 ? reject(new Error(`HTTP ${res.statusCode} ${body}`)) : resolve(body)));
        })
        .on('error', reject);
    });
}

async function openBenchDb(kind: 'pglite' | 'postgres'): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite(':memory:');
    return { db, drop: () => db.close() };
  }
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_bench');
  const db = await openPostgres(scratch.url, CONNECTIONS + 2);
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

async function benchOne(kind: 'pglite' | 'postgres', size: number): Promise<Row[]> {
  const t0 = Date.now();
  const { db, drop } = await openBenchDb(kind);
  const rows: Row[] = [];
  try {
    await migrate(db);
    await seed(db, size);
    console.error(`[bench] ${kind} ${size.toLocaleString()} gigs ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:' });
    const app = await buildApp({ config, db, logger: false });
    app.get('/bench-floor', async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send('[]'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const base = `${origin}/rest/v1`;
    const cache = await schemaCacheFor(db).get();
    const gigs = cache.tables.get('gigs')!;
    const floor = keepAliveGetter(origin, {});
    const httpFloor = await sequential(() => floor('/bench-floor'));
    try {
      for (const q of QUERIES) {
        const headers: Record<string, string> = { apikey: config.ANON_KEY, authorization: `Bearer ${config.ANON_KEY}`, 'accept-profile': 'public' };
        if (q.prefer) headers.prefer = q.prefer;
        const get = keepAliveGetter(base, headers);
        const viaRest = async () => JSON.parse(await get(q.rest));
        // Exactly what the REST layer runs for this request, in the same security context.
        const parsed = parseQuery(queryPairs(`/rest/v1${q.rest}`));
        const plan = planRead(cache, gigs, parsed, { page: pageOf(parsed, undefined), count: q.prefer === 'count=exact' ? 'exact' : undefined, aggregates: true });
        const sql = buildStatement(plan, negotiate(undefined));
        const claims = JSON.stringify({ role: 'anon', iss: 'supabase-demo', exp: 1983812996 });
        const settings: [string, string][] = [['role', 'anon'], ['request.jwt.claims', claims], ['request.method', 'GET']];
        if (kind === 'postgres') settings.push(['statement_timeout', '5000']);
        const asAnon = <T>(fn: (tx: Tx) => Promise<T>) =>
          db.transaction(async (tx) => {
            await tx.query(`select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, settings.flat());
            return fn(tx);
          }, { readOnly: true });
        // The driver with exactly what the REST layer sends: settings, statement and end in one query string.
        const viaDriver = () => db.request({ settings, sql, readOnly: true, end: 'commit' });
        // The same statement the way every request ran before: begin, settings, statement, commit.
        const viaFourTrips = () => asAnon((tx) => tx.query(sql));
        const viaHandWritten = () => asAnon((tx) => tx.query(q.sql, q.params));
        const n = Math.min(ITERATIONS, q.iterations ?? ITERATIONS);
        const restSeq = await sequential(viaRest, n);
        const driverSeq = await sequential(viaDriver, n);
        const fourSeq = await sequential(viaFourTrips, n);
        const handSeq = await sequential(viaHandWritten, n);
        const restRps = await cannon(base + q.rest, headers);
        const driverRps = await concurrentLoops(viaDriver);
        const row: Row = {
          db: kind, size, query: q.name,
          rest: { ...restSeq, rps: restRps }, driver: { ...driverSeq, rps: driverRps },
          p50Overhead: restSeq.p50 / driverSeq.p50 - 1, throughputRatio: restRps / driverRps,
          handP50: handSeq.p50, handP95: handSeq.p95, httpFloorP50: httpFloor.p50,
          fourTripsP50: fourSeq.p50, ratio: restSeq.p50 / driverSeq.p50,
        };
        rows.push(row);
        console.error(`[bench] ${kind} ${size} ${q.name}: rest p50 ${restSeq.p50.toFixed(2)} ms, driver p50 ${driverSeq.p50.toFixed(2)} ms`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await drop();
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const f = (n: number) => n.toFixed(2).padStart(7);
  const header = `${'db'.padEnd(8)} ${'gigs'.padStart(9)}  ${'query'.padEnd(26)} | ${'REST p50'.padStart(8)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'rps'.padStart(7)} | ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'rps'.padStart(7)} | ${'ratio'.padStart(6)} ${'rps ×'.padStart(6)} | ${'4 trips'.padStart(8)} | ${'hand p50'.padStart(9)} ${'p95'.padStart(7)} | ${'HTTP floor'.padStart(10)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const r of rows) {
    console.log(`${r.db.padEnd(8)} ${r.size.toLocaleString('en-US').padStart(9)}  ${r.query.padEnd(26)} | ${f(r.rest.p50).padStart(8)} ${f(r.rest.p95)} ${f(r.rest.p99)} ${r.rest.rps.toFixed(0).padStart(7)} | ${f(r.driver.p50).padStart(8)} ${f(r.driver.p95)} ${f(r.driver.p99)} ${r.driver.rps.toFixed(0).padStart(7)} | ${r.ratio.toFixed(2).padStart(6)} ${r.throughputRatio.toFixed(2).padStart(6)} | ${f(r.fourTripsP50).padStart(8)} | ${f(r.handP50).padStart(9)} ${f(r.handP95)} | ${f(r.httpFloorP50).padStart(10)}`);
  }
  console.log('(latency in ms, sequential; rps with', CONNECTIONS, 'concurrent clients for', DURATION, 's; SQL = what REST sends to the database (one query string), through the driver as role anon; ratio = REST p50 / SQL p50; 4 trips = the same statement as begin, settings, statement, commit; hand = a hand-written row query of the same page, as role anon; HTTP floor = an empty keep-alive round trip to the same server)');
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const kind of DBS) for (const size of SIZES) rows.push(...(await benchOne(kind, size)));
  printTable(rows);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `rest-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), iterations: ITERATIONS, duration: DURATION, connections: CONNECTIONS, rows }, null, 2));
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
