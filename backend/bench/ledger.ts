/**
 * pnpm bench:ledger — the books at scale on PostgreSQL: 1M ledger transactions (about 2.4M entries)
 * for 25,000 members' deals (see ledger-seed.ts for how they are loaded and why in bulk), then
 *   1. a member's money pages: my_money() (balances) and money_statement() (earnings and spending,
 *      first page of 50), each through POST /rest/v1/rpc/<fn> as that member (a different member
 *      per request) and in SQL over one connection as the member — goal p95 < 20 ms — with the CPU
 *      time each costs (ledger-cpu.ts: on a shared machine latency measures the neighbours too);
 *   2. releases: posters approve delivered deals concurrently through /rest/v1/rpc/approve_work,
 *      each approval sent twice by racing callers — goal 200 releases a second, 0 lost, 0 twice;
 *   3. the whole books checked after (balanced, nothing created or lost, totals = entries).
 * Prints a table and the JSON, and writes it to bench/results/ledger-<time>.json.
 *
 *   pnpm --filter backend bench:ledger [--transactions=1000000] [--members=25000] [--iterations=300]
 *     [--releases=3000] [--concurrency=16] [--pool=<2 × cores>]
 *   PostgreSQL admin URL: BENCH_DATABASE_URL or TEST_DATABASE_URL; a scratch database is created and dropped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import { signJwt } from '../src/security/jwt';
import { backendPids, cpuBetween, directSql, nodeCpuMs, procCpu } from './ledger-cpu';
import { callers } from './ledger-callers';
import { benchReleases } from './ledger-releases';
import { BOOKS_SQL, seedLedger, settleBooks } from './ledger-seed';
import { percentile } from './stats';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TRANSACTIONS = Number(args.transactions ?? 1_000_000);
const MEMBERS = Number(args.members ?? 25_000);
const ITERATIONS = Number(args.iterations ?? 300);
const RELEASES = Number(args.releases ?? 3000);
const CONCURRENCY = Number(args.concurrency ?? 16);
// The backend's connection pool as docs/operations.md sizes it: twice the database server's cores
// (here the same machine). More connections than that only add contention on 2 cores: pool 8
// against 4 measured ×0.85 CPU per call, ×1.10 releases a second (docs/payments.md).
const POOL = Number(args.pool ?? 2 * os.availableParallelism());
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const log = (s: string) => console.error(`[bench:ledger] ${s}`);

/** The pages a member reads, as the clients call them. */
const READS: { name: string; fn: string; body: Record<string, unknown>; sql: string }[] = [
  { name: 'my_money (balances)', fn: 'my_money', body: {}, sql: 'select * from public.my_money()' },
  { name: 'statement: earnings, 50', fn: 'money_statement', body: { p_side: 'earnings', p_limit: 50 }, sql: "select * from public.money_statement('earnings', 50)" },
  { name: 'statement: spending, 50', fn: 'money_statement', body: { p_side: 'spending', p_limit: 50 }, sql: "select * from public.money_statement('spending', 50)" },
];

async function main(): Promise<void> {
  const t0 = Date.now();
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_bench_ledger');
  const db = await openPostgres(scratch.url, POOL);
  try {
    await migrate(db);
    const deals = await seedLedger(db, TRANSACTIONS, MEMBERS, log);
    await settleBooks(scratch.url);
    const q1 = async <T>(sql: string) => (await db.transaction((tx) => tx.query<T>(sql))).rows[0]!;
    const size = await q1<Record<string, string>>(`select (select count(*) from ledger.transactions)::text as transactions, (select count(*) from ledger.entries)::text as entries,
      (select count(*) from ledger.accounts)::text as accounts`);
    const seeded = await q1<Record<string, string>>(BOOKS_SQL);
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(size)}; books ${JSON.stringify(seeded)}`);

    const members = (await db.transaction((tx) => tx.query<{ id: string }>(`select id::text from public.bench_members where n % ${Math.max(1, Math.floor(MEMBERS / 200))} = 0 order by n`))).rows.map((r) => r.id);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', SQL_JOBS: '' });
    const now = Math.floor(Date.now() / 1000);
    const tokenOf = (id: string) => signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 7200, aal: 'aal1', session_id: id }, config.JWT_SECRET);
    const tokens = await Promise.all(members.map(tokenOf));
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const rest = new URL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/rest/v1`);
    const reads: { page: string; p50: number; p95: number; p99: number; rows: number; cpuMs: number; sqlP50: number; sqlP95: number; sqlCpuMs: number }[] = [];
    let releases;
    try {
      // Every connection of the pool open, so the CPU of all the backends serving requests is counted
      // (taken again before the releases: the pool closes connections idle for 30 s).
      const openPool = async () => {
        await Promise.all(Array.from({ length: POOL }, () => db.transaction((tx) => tx.query('select pg_sleep(0.05)'))));
        return backendPids(scratch.url);
      };
      let pids = await openPool();
      const cpuNow = () => ({ pg: procCpu(pids), node: nodeCpuMs() });
      const cpuSince = (t: ReturnType<typeof cpuNow>) => cpuBetween(t.pg, procCpu(pids)) + nodeCpuMs() - t.node;
      const reader = callers(rest, config.ANON_KEY, 1);
      for (const r of READS) {
        const times: number[] = [];
        let returned = 0;
        let cpu0 = cpuNow();
        for (let i = -20; i < ITERATIONS; i++) {
          if (i === 0) cpu0 = cpuNow();
          const k = ((i % members.length) + members.length) % members.length;
          const t = performance.now();
          const { status, body } = await reader.post(`/rpc/${r.fn}`, tokens[k]!, r.body);
          if (i >= 0) times.push(performance.now() - t);
          if (status !== 200) throw new Error(`${r.fn}: HTTP ${status} ${body.slice(0, 300)}`);
          returned += (JSON.parse(body) as unknown[]).length;
        }
        const cpu = cpuSince(cpu0) / ITERATIONS;
        const direct = await directSql(scratch.url, members, r.sql, ITERATIONS);
        reads.push({ page: r.name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rows: Math.round(returned / (ITERATIONS + 20)), cpuMs: cpu,
          sqlP50: direct.p50, sqlP95: direct.p95, sqlCpuMs: direct.cpuMsPerCall });
      }
      await reader.close();
      log(`releasing ${RELEASES} deals, ${CONCURRENCY} callers`);
      pids = await openPool();
      const cpu0 = cpuNow();
      const measured = await benchReleases(db, rest, config.ANON_KEY, tokenOf, RELEASES, CONCURRENCY);
      const calls = measured.released + measured.refused;
      const cpuMsPerRelease = cpuSince(cpu0) / calls;
      // The split says which side to make cheaper: the SQL (PostgreSQL backends) or the HTTP layer.
      const pgCpuMsPerCall = cpuBetween(cpu0.pg, procCpu(pids)) / calls;
      releases = { ...measured, cpuMsPerCall: cpuMsPerRelease, pgCpuMsPerCall, nodeCpuMsPerCall: cpuMsPerRelease - pgCpuMsPerCall, cores: os.cpus().length, estimatedCallsPerSecondOnIdleCores: (os.cpus().length * 1000) / cpuMsPerRelease };
    } finally {
      await app.close();
    }
    const books = await q1<Record<string, string>>(BOOKS_SQL);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');

    const f = (n: number, w = 8) => n.toFixed(2).padStart(w);
    console.log(`${'page'.padEnd(26)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'rows'.padStart(5)} ${'cpu ms'.padStart(7)} | ${'sql p50'.padStart(8)} ${'sql p95'.padStart(8)} ${'cpu ms'.padStart(7)} | goal p95 < 20 ms`);
    for (const r of reads) console.log(`${r.page.padEnd(26)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)} ${String(r.rows).padStart(5)} ${f(r.cpuMs, 7)} | ${f(r.sqlP50)} ${f(r.sqlP95)} ${f(r.sqlCpuMs, 7)} | ${r.p95 < 20 ? 'ok' : 'MISSED'}`);
    console.log(`releases: ${releases.released} of ${releases.deals} deals in ${releases.seconds.toFixed(1)} s = ${releases.releasesPerSecond.toFixed(0)}/s with ${releases.concurrency} callers over ${POOL} database connections (goal 200/s: ${releases.releasesPerSecond >= 200 ? 'ok' : 'MISSED'}); duplicates refused ${releases.refused}, other errors ${releases.otherErrors}${releases.firstError ? ` (${releases.firstError})` : ''}`);
    const lat = (name: string, l: { calls: number; p50: number; p95: number; p99: number; max: number }) =>
      `${name} ${l.calls}: p50 ${l.p50.toFixed(1)}, p95 ${l.p95.toFixed(1)}, p99 ${l.p99.toFixed(1)}, max ${l.max.toFixed(1)} ms`;
    console.log(`  each call as its caller saw it — ${lat('all', releases.latency.all)}; ${lat('released (200)', releases.latency.released)}; ${lat('refused (409)', releases.latency.refused)}`);
    console.log(`  cost: ${releases.cpuMsPerCall.toFixed(2)} CPU ms per call (PostgreSQL backends ${releases.pgCpuMsPerCall.toFixed(2)} + this process ${releases.nodeCpuMsPerCall.toFixed(2)}; half the calls are the refused duplicates) — about ${releases.estimatedCallsPerSecondOnIdleCores.toFixed(0)} calls/s if all ${releases.cores} cores were free (an estimate)`);
    const lost = releases.notReleased + Math.max(0, releases.deals - releases.releaseTransactions);
    console.log(`exactly once: ${lost} lost, ${releases.releasedTwice} applied twice (goal 0 and 0: ${lost === 0 && releases.releasedTwice === 0 && releases.released === releases.deals ? 'ok' : 'MISSED'})`);
    console.log(`checked: release transactions ${releases.releaseTransactions}, released twice ${releases.releasedTwice}, not released ${releases.notReleased}, held left ${releases.heldLeft}, split off ${releases.payableOff}; books ${JSON.stringify(books)}`);
    console.log(`(REST: sequential POST /rest/v1/rpc requests over keep-alive HTTP, a different member each, cpu = PostgreSQL backends + this process per request; sql: the same call over one PostgreSQL connection as the member, cpu = that backend per call; load average at the end: ${load})`);
    const result = { at: new Date().toISOString(), database: 'postgres', seed: 'bulk rows (ledger-seed.ts), not ledger.post', deals, members: MEMBERS, pool: POOL,
      ...Object.fromEntries(Object.entries(size).map(([k, v]) => [k, Number(v)])), seededBooks: seeded, reads, releases, books, loadAverage: load };
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `ledger-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(JSON.stringify(result));
    console.log(`results: ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
