/**
 * pnpm bench:market — the marketplace dashboards through /rest/v1 on PostgreSQL, at 1M gigs and
 * 5M applications (20,000 members: each posts ~50 gigs, sends ~250 applications, saved 50 gigs):
 *   my gigs with applicant counts · applicants of one gig · my applications · saved gigs
 *   (and the open grid with the poster's display name, for context).
 * Each request is signed in as a member (a different one per request, so no single row stays hot),
 * goes through real HTTP (keep-alive), row-level security and the embeds. Prints p50/p95/p99 per
 * query and writes the JSON to bench/results/. Goal: every p95 < 20 ms.
 *
 *   pnpm --filter backend bench:market [--gigs=1000000] [--per-gig=5] [--iterations=300] [--only=<part of a name>] [--plans]
 *   (--plans prints each query's EXPLAIN ANALYZE for the first member.)
 *   PostgreSQL admin URL: BENCH_DATABASE_URL or TEST_DATABASE_URL; a scratch database is created and dropped.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import type { Database } from '../src/db/types';
import { signJwt } from '../src/security/jwt';
import { QUERIES, type Member, type Query } from './market-queries';
import { MEMBERS, SAVED_PER_MEMBER, seedMarket } from './market-seed';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const GIGS = Number(args.gigs ?? 1_000_000);
const PER_GIG = Number(args['per-gig'] ?? 5);
const ITERATIONS = Number(args.iterations ?? 300);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const log = (s: string) => console.error(`[bench:market] ${s}`);

function getter(base: string, anonKey: string): (path: string, token: string, prefer?: string) => Promise<string> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (p, token, prefer) =>
    new Promise((resolve, reject) => {
      http.get({ host: url.hostname, port: url.port, path: url.pathname + p, agent, headers: { apikey: anonKey, authorization: `Bearer ${token}`, ...(prefer ? { prefer } : {}) } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => ((res.statusCode ?? 500) >= 300 ? reject(new Error(`HTTP ${res.statusCode} ${body.slice(0, 300)}`)) : resolve(body)));
      }).on('error', reject);
    });
}

/** EXPLAIN ANALYZE of the page's SQL as the member (role authenticated, their claims): execution ms and the tables read by a sequential scan. */
async function explain(db: Database, q: Query, m: Member): Promise<{ ms: number; seqScans: string[] }> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: m.id, role: 'authenticated', aal: 'aal1' })]);
    const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${q.sql}`, q.params ? q.params(m) : [m.id, m.gig]);
    const raw = rows[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ 'Execution Time': number; Plan: PlanNode }];
    const seqScans: string[] = [];
    const walk = (n: PlanNode) => {
      if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) seqScans.push(n['Relation Name']);
      (n.Plans ?? []).forEach(walk);
    };
    walk(plan[0].Plan);
    return { ms: plan[0]['Execution Time'], seqScans };
  }, { readOnly: true });
}
async function planText(db: Database, q: Query, m: Member): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: m.id, role: 'authenticated', aal: 'aal1' })]);
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${q.sql}`, q.params ? q.params(m) : [m.id, m.gig]);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }, { readOnly: true });
}
interface PlanNode { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The 20th row of a member's list (where "Show more" starts), or its last when it is shorter. */
const ROW20 = (tie: string, table: string, owner: string) =>
  `select created_at, ${tie} from (select created_at, ${tie}, row_number() over (order by created_at desc, ${tie}) as rn from ${table} where ${owner} = m.id) x where rn <= 20 order by rn desc limit 1`;

/** 200 members spread over the data set, with their newest gig, the cursors of their lists' second pages and one grid screen of gig ids. */
const MEMBERS_SQL = `select m.id::text, g.id::text as gig, g20.created_at::text as "gigsAt", g20.id::text as "gigsId",
    a20.created_at::text as "appsAt", a20.id::text as "appsId", s20.created_at::text as "savedAt", s20.gig_id::text as "savedGig",
    (select string_agg(id::text, ',') from (select id from public.gigs where status = 'active' order by created_at desc limit 12) c) as cards
  from public.bench_members m
  cross join lateral (select id from public.gigs where user_id = m.id order by created_at desc, id limit 1) g
  cross join lateral (${ROW20('id', 'public.gigs', 'user_id')}) g20
  cross join lateral (${ROW20('id', 'public.applications', 'worker_id')}) a20
  cross join lateral (${ROW20('gig_id', 'public.saved_gigs', 'user_id')}) s20
  where m.n % ${Math.floor(MEMBERS / 200)} = 0 order by m.n`;

async function main(): Promise<void> {
  const t0 = Date.now();
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_bench_market');
  const db = await openPostgres(scratch.url, 4);
  try {
    await migrate(db);
    await seedMarket(db, GIGS, PER_GIG, log);
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const members = (await db.transaction((tx) => tx.query<Member>(MEMBERS_SQL))).rows;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:' });
    const now = Math.floor(Date.now() / 1000);
    const tokens = await Promise.all(members.map((m) => signJwt({ sub: m.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 7200, aal: 'aal1', session_id: m.id }, config.JWT_SECRET)));
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const get = getter(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/rest/v1`, config.ANON_KEY);
    const rows: { query: string; p50: number; p95: number; p99: number; rows: number; iterations: number; dbP50: number; dbP95: number; seqScans: string[] }[] = [];
    try {
      for (const q of QUERIES.filter((x) => !args.only || x.name.includes(args.only))) {
        if ('plans' in args) console.log(`${q.name}:\n${await planText(db, q, members[0]!)}`);
        const times: number[] = [];
        let returned = 0;
        for (let i = -20; i < ITERATIONS; i++) {
          const k = ((i % members.length) + members.length) % members.length;
          const t = performance.now();
          const body = await get(q.path(members[k]!), tokens[k]!, q.prefer);
          if (i >= 0) times.push(performance.now() - t);
          returned += (JSON.parse(body) as unknown[]).length;
        }
        times.sort((a, b) => a - b);
        const plans = [];
        for (const m of members.slice(0, 60)) plans.push(await explain(db, q, m));
        const dbTimes = plans.map((p) => p.ms).sort((a, b) => a - b);
        const seqScans = [...new Set(plans.flatMap((p) => p.seqScans))];
        rows.push({ query: q.name, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rows: Math.round(returned / (ITERATIONS + 20)), iterations: ITERATIONS, dbP50: pct(dbTimes, 50), dbP95: pct(dbTimes, 95), seqScans });
      }
    } finally {
      await app.close();
    }
    console.log(`${'query'.padEnd(32)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'rows'.padStart(5)} | ${'db p50'.padStart(7)} ${'db p95'.padStart(7)} seq scans | goal p95 < 20 ms`);
    for (const r of rows) console.log(`${r.query.padEnd(32)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.rows).padStart(5)} | ${r.dbP50.toFixed(2).padStart(7)} ${r.dbP95.toFixed(2).padStart(7)} ${(r.seqScans.join(',') || 'none').padEnd(9)} | ${r.p95 < 20 ? 'ok' : 'MISSED'}`);
    console.log('(REST: sequential requests over keep-alive HTTP, a different member each; db: EXPLAIN ANALYZE execution time of the same page in SQL as the member, under row-level security; load average at the end:', (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' '), ')');
    const result = { at: new Date().toISOString(), database: 'postgres', gigs: GIGS, applications: GIGS * PER_GIG, members: MEMBERS, savedPerMember: SAVED_PER_MEMBER, rows };
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `market-${result.at.replace(/[:.]/g, '-')}.json`);
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
