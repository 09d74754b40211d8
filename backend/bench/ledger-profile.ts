/**
 * pnpm --filter backend bench:ledger:profile — where a release's time goes, on PostgreSQL: a small
 * copy of the books (ledger-seed.ts), then
 *   1. `approve_work` of a few delivered deals as their posters with auto_explain loaded in the
 *      session (every nested statement's plan, with its time and row counts, sent to this client as
 *      LOG messages): the statements are summed by their text, slowest first;
 *   2. releases from concurrent callers over SQL connections while pg_stat_activity is sampled
 *      every 5 ms: what the releasing backends wait on (a lock on another deal's row, the commit's
 *      WAL flush, a NOTIFY's queue lock…), as counts of samples.
 * Prints both; nothing is asserted (a profile, not a test).
 *
 *   pnpm --filter backend bench:ledger:profile [--transactions=40000] [--members=4000] [--explained=20] [--releases=400] [--concurrency=8]
 *   PostgreSQL admin URL: BENCH_DATABASE_URL or TEST_DATABASE_URL; a scratch database is created and dropped.
 */
import pg from 'pg';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import { seedLedger } from './ledger-seed';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TRANSACTIONS = Number(args.transactions ?? 40_000);
const MEMBERS = Number(args.members ?? 4_000);
const EXPLAINED = Number(args.explained ?? 20);
const RELEASES = Number(args.releases ?? 400);
const CONCURRENCY = Number(args.concurrency ?? 8);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const log = (s: string) => console.error(`[bench:ledger:profile] ${s}`);

/** Act as `member` in this transaction, as the REST layer does. */
const asMember = (c: pg.Client, member: string) =>
  c.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: member, role: 'authenticated', aal: 'aal1' })]);

/** auto_explain's lines: "duration: 1.234 ms  plan:\nQuery Text: …" → time by statement text. */
function explainLines(notices: string[]): Map<string, { ms: number; calls: number }> {
  const by = new Map<string, { ms: number; calls: number }>();
  for (const n of notices) {
    const m = /duration: ([\d.]+) ms\s+plan:\s*Query Text: ([\s\S]*?)(\n\S|\n\s*$|$)/.exec(n);
    if (!m) continue;
    const text = m[2]!.replace(/\s+/g, ' ').trim().slice(0, 160);
    const row = by.get(text) ?? { ms: 0, calls: 0 };
    row.ms += Number(m[1]);
    row.calls += 1;
    by.set(text, row);
  }
  return by;
}

async function main(): Promise<void> {
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_bench_profile');
  const db = await openPostgres(scratch.url, 4);
  try {
    await migrate(db);
    await seedLedger(db, TRANSACTIONS, MEMBERS, log);
    const deals = (await db.transaction((tx) => tx.query<{ app: string; poster: string }>(
      "select app::text, poster::text from public.bench_deals where status = 'delivered' order by i"))).rows;
    log(`${deals.length} delivered deals; explaining ${EXPLAINED}, then ${RELEASES} releases by ${CONCURRENCY} callers`);

    // 1. Nested statements of approve_work, timed by auto_explain.
    const c = new pg.Client({ connectionString: scratch.url });
    await c.connect();
    const notices: string[] = [];
    c.on('notice', (n) => notices.push(n.message ?? ''));
    await c.query("load 'auto_explain'");
    await c.query('set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_nested_statements = on; set auto_explain.log_timing = on; set client_min_messages = log');
    const t0 = performance.now();
    for (const d of deals.slice(0, EXPLAINED)) {
      await c.query('begin');
      await asMember(c, d.poster);
      await c.query('select public.approve_work($1::uuid)', [d.app]);
      await c.query('commit');
    }
    const wall = (performance.now() - t0) / EXPLAINED;
    await c.end();
    const top = [...explainLines(notices)].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    console.log(`approve_work, ${EXPLAINED} calls with auto_explain (analyze adds overhead): ${wall.toFixed(1)} ms a call; nested statements by total time:`);
    for (const [text, r] of top) console.log(`${(r.ms / EXPLAINED).toFixed(2).padStart(8)} ms/release ${String(r.calls / EXPLAINED).padStart(5)}×  ${text}`);

    // 2. Concurrent releases, waits sampled.
    const rest = deals.slice(EXPLAINED, EXPLAINED + RELEASES);
    const clients = await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      const k = new pg.Client({ connectionString: scratch.url });
      await k.connect();
      return k;
    }));
    const pids = (await Promise.all(clients.map((k) => k.query<{ pid: number }>('select pg_backend_pid() as pid')))).map((r) => r.rows[0]!.pid);
    const sampler = new pg.Client({ connectionString: scratch.url });
    await sampler.connect();
    const waits = new Map<string, number>();
    let sampling = true;
    let samples = 0;
    const sample = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ w: string }>(
          "select coalesce(wait_event_type || ':' || wait_event, 'on CPU') || case when state = 'idle' then ' (idle: between calls)' else '' end as w from pg_stat_activity where pid = any ($1)", [pids]);
        for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + 1);
        samples++;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    let next = 0;
    const t1 = performance.now();
    await Promise.all(clients.map(async (k) => {
      while (next < rest.length) {
        const d = rest[next++]!;
        await k.query('begin');
        await asMember(k, d.poster);
        await k.query('select public.approve_work($1::uuid)', [d.app]);
        await k.query('commit');
      }
    }));
    const seconds = (performance.now() - t1) / 1000;
    sampling = false;
    await sample;
    await Promise.all([...clients, sampler].map((k) => k.end()));
    console.log(`\n${rest.length} releases by ${CONCURRENCY} SQL callers in ${seconds.toFixed(1)} s = ${(rest.length / seconds).toFixed(0)}/s; what the releasing backends were doing (${samples} samples):`);
    for (const [w, n] of [...waits].sort((a, b) => b[1] - a[1])) console.log(`${((100 * n) / (samples * CONCURRENCY)).toFixed(1).padStart(6)} %  ${w}`);
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
