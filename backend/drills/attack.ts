/**
 * pnpm drill:attack — fire the request shapes that used to occupy the server (a short regex with
 * nested bounded repeats, embeds going round gigs → profiles → gigs with offsets, like storms,
 * wide or=() / select / order, tsquery operator runs) plus heavy shapes that are still allowed,
 * from many concurrent clients, while probing GET /health every 100 ms. See docs/drills.md.
 *
 * Per database (PGlite on a fresh data directory; PostgreSQL in a scratch database, skipped with a
 * line when no admin URL is set): start the real backend, sign up a poster with 30 gigs, attack
 * for --seconds, then print /health latency (p50/p95/max, failures) and, per shape, the statuses
 * and times of the attack requests, then JSON. A timing drill, not a test: it exits 1 only when
 * /health failed or took 1 s or more, or an attack got a 5xx or no answer.
 *
 *   pnpm drill:attack [--db=pglite,postgres] [--seconds=20] [--clients=8] [--entry=dist|tsx] [--port=N]
 *   TEST_DATABASE_URL or DATABASE_URL: PostgreSQL admin URL (PostgreSQL is skipped without one)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEV_ANON_KEY } from '../src/config';
import { BACKEND_DIR, buildDist, freePort, percentile, scratchDatabase, sleep, startBackend, type Backend, type Entry } from './backend-process';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const SECONDS = Number(args.seconds ?? 20);
const CLIENTS = Number(args.clients ?? 8);
const ENTRY = (args.entry ?? 'dist') as Entry;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const HEALTH_LIMIT_MS = 1000;
const q = encodeURIComponent;

const cycle = (levels: number, offsets: boolean) => {
  const names = Array.from({ length: levels }, (_, i) => (i % 2 === 0 ? 'profiles' : 'gigs'));
  let select = 'id';
  for (let i = levels - 1; i >= 0; i--) select = `id,${names[i]}(${select})`;
  const extra = offsets ? names.map((n, i) => (n === 'gigs' ? `&${names.slice(0, i + 1).join('.')}.offset=1000` : '')).join('') + '&offset=1000' : '';
  return `/rest/v1/gigs?select=${q(select)}${extra}`;
};

/** The shapes: refused ones (must answer 4xx at once) and heavy ones that are allowed. */
const SHAPES: Record<string, string> = {
  'regex ((a*){1,255}){1,6}c': `/rest/v1/gigs?title=match.${q('((a*){1,255}){1,6}c')}`,
  'imatch x4 nested repeats': `/rest/v1/gigs?${Array.from({ length: 4 }, () => `description=imatch.${q('(a?b?c?d?){1,32}z')}`).join('&')}`,
  'embed cycle 5 deep, offsets': cycle(5, true),
  'embed cycle 9 deep': cycle(9, false),
  'like storm (200 wildcards)': `/rest/v1/gigs?title=like.${q('*a'.repeat(200))}`,
  'or=() of 500': `/rest/v1/gigs?or=${q(`(${Array.from({ length: 500 }, (_, i) => `rate.eq.${i}`).join(',')})`)}`,
  'select of 500 columns': `/rest/v1/gigs?select=${Array.from({ length: 500 }, () => 'title').join(',')}`,
  'order on 40 terms': `/rest/v1/gigs?order=${Array.from({ length: 40 }, () => 'title.desc').join(',')}`,
  'fts run of 1000 !': `/rest/v1/gigs?title=fts.${q(`${'!'.repeat(1000)}a`)}`,
  'allowed: regex at the budget': `/rest/v1/gigs?select=id&title=match.${q(`${'[a-z]?'.repeat(16)}z`)}`,
  'allowed: gigs→profiles→gigs': `/rest/v1/gigs?select=${q('id,profiles!gigs_user_id_fkey(id,gigs!gigs_user_id_fkey(id,title))')}&profiles.gigs.offset=1000`,
  'allowed: like, 32 wildcards': `/rest/v1/gigs?select=id&title=ilike.${q('*e'.repeat(16))}`,
};

interface Timed {
  status: number;
  ms: number;
}

function get(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Timed> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
  });
}

async function seed(url: string): Promise<void> {
  const anon = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' };
  const signup = await fetch(`${url}/auth/v1/signup`, { method: 'POST', headers: anon, body: JSON.stringify({ email: `attack.${Date.now()}@example.com`, password: 'attack-drill-password' }) });
  const { access_token: token } = (await signup.json()) as { access_token: string };
  const gigs = Array.from({ length: 30 }, (_, i) => ({ title: `Gig ${i} for a small remote shop`, description: 'Attack drill', rate: 40, hours: 2, location: 'remote' }));
  const r = await fetch(`${url}/rest/v1/gigs`, { method: 'POST', headers: { ...anon, authorization: `Bearer ${token}` }, body: JSON.stringify(gigs) });
  if (r.status !== 201) throw new Error(`seeding gigs: HTTP ${r.status} ${await r.text()}`);
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), max: r(s[s.length - 1] ?? NaN) };
};

async function drill(kind: 'pglite' | 'postgres') {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `need40-attack-${kind}-`));
  const scratch = kind === 'postgres' ? await scratchDatabase(ADMIN_URL!, 'need40_drill') : undefined;
  const env = { MAILER_AUTOCONFIRM: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: path.join(runDir, 'data') }) };
  let be: Backend | undefined;
  try {
    const port = args.port ? Number(args.port) + DBS.indexOf(kind) : await freePort();
    be = await startBackend({ entry: ENTRY, port, env, logFile: path.join(runDir, 'backend.log') });
    await seed(be.url);
    const health: Timed[] = [];
    const attacks = new Map<string, Timed[]>(Object.keys(SHAPES).map((k) => [k, []]));
    const end = performance.now() + SECONDS * 1000;
    const headers = { apikey: DEV_ANON_KEY };
    const prober = (async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        health.push(await get(`${be!.url}/health`, {}, 5000));
        await sleep(Math.max(0, 100 - (performance.now() - t0)));
      }
    })();
    const names = Object.keys(SHAPES);
    const attackers = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; performance.now() < end; i++) {
        const name = names[i % names.length]!;
        attacks.get(name)!.push(await get(`${be!.url}${SHAPES[name]}`, headers, 60_000));
      }
    });
    await Promise.all([prober, ...attackers]);
    const h = stats(health.map((x) => x.ms));
    const healthFailures = health.filter((x) => x.status !== 200 || x.ms >= HEALTH_LIMIT_MS).length;
    console.log(`\n${kind}: /health during ${SECONDS} s of attack by ${CLIENTS} clients — n ${h.n}, p50 ${h.p50} ms, p95 ${h.p95} ms, max ${h.max} ms, not 200 or ≥ 1 s: ${healthFailures}`);
    console.log(`${'shape'.padEnd(32)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)}  statuses`);
    const shapes: Record<string, unknown> = {};
    let bad = 0;
    for (const [name, list] of attacks) {
      const st = stats(list.map((x) => x.ms));
      const statuses: Record<string, number> = {};
      for (const x of list) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
      bad += list.filter((x) => x.status === 0 || x.status >= 500).length;
      shapes[name] = { ...st, statuses };
      console.log(`${name.padEnd(32)} ${String(st.n).padStart(5)} ${String(st.p50).padStart(8)} ${String(st.max).padStart(8)}  ${Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    }
    return { db: kind, seconds: SECONDS, clients: CLIENTS, health: { ...h, failures: healthFailures }, shapes, ok: healthFailures === 0 && bad === 0 };
  } finally {
    await be?.kill('SIGTERM');
    await scratch?.drop();
  }
}

async function main(): Promise<void> {
  if (ENTRY === 'dist') buildDist();
  const results = [];
  for (const kind of DBS) {
    if (kind === 'postgres' && !ADMIN_URL) {
      console.log('\npostgres: skipped (set TEST_DATABASE_URL or DATABASE_URL to an admin URL of a PostgreSQL server)');
      continue;
    }
    results.push(await drill(kind));
  }
  const json = JSON.stringify({ drill: 'attack', at: new Date().toISOString(), results }, null, 2);
  const dir = path.join(BACKEND_DIR, 'drills', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `attack-${Date.now()}.json`);
  fs.writeFileSync(file, json);
  console.log(`\n${json}\nresults: ${path.relative(process.cwd(), file)}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
