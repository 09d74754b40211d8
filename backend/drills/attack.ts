/**
 * pnpm drill:attack — two phases against one backend per database, each for --seconds while
 * GET /health is probed every 100 ms. See docs/drills.md.
 *   rest      the request shapes that used to occupy the server (a short regex with nested bounded
 *             repeats, embeds going round gigs → profiles → gigs with offsets, like storms, wide
 *             or=() / select / order, tsquery operator runs) plus heavy shapes that are still
 *             allowed, from --clients concurrent clients;
 *   realtime  the realtime shapes (attack-realtime.ts): sockets at the limits (memory per socket),
 *             deep payloads, a socket and join flood, REST broadcast amplification, 3,200 filters —
 *             with a normal subscriber timing a gig's updates and an ordinary read probed.
 *
 * Per database (PGlite on a fresh data directory; PostgreSQL in a scratch database, skipped with a
 * line when no admin URL is set): start the real backend, sign up a poster with 30 gigs, run the
 * phases, print figures, then JSON. A timing drill, not a test: it exits 1 when /health failed or
 * took 1 s or more (rest), when an attack got a 5xx or no answer, or when the realtime goals fail
 * (the process died, /health p95 ≥ 300 ms, an update waited ≥ 1 s or went missing).
 *
 *   pnpm drill:attack [--db=pglite,postgres] [--phases=rest,realtime] [--seconds=20] [--clients=8]
 *                     [--rt-sockets=100] [--rt-shapes=deep,flood,amplify,filters] [--entry=dist|tsx] [--port=N]
 *   TEST_DATABASE_URL or DATABASE_URL: PostgreSQL admin URL (PostgreSQL is skipped without one)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEV_ANON_KEY } from '../src/config';
import { BACKEND_DIR, buildDist, freePort, scratchDatabase, startBackend, type Backend, type Entry } from './backend-process';
import { realtimeAttack } from './attack-realtime';
import { get, probe, stats, type Timed } from './probe';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const SECONDS = Number(args.seconds ?? 20);
const CLIENTS = Number(args.clients ?? 8);
const PHASES = (args.phases ?? 'rest,realtime').split(',');
const RT_SOCKETS = Number(args['rt-sockets'] ?? 100);
const RT_SHAPES = (args['rt-shapes'] ?? 'deep,flood,amplify,filters').split(',');
const ENTRY = (args.entry ?? 'dist') as Entry;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const HEALTH_LIMIT_MS = 1000;
/** REALTIME_MAX_CONNECTIONS_PER_IP's default (config-realtime.ts): the memory budget's multiplier. */
const PER_IP_SOCKETS = 50;
/** Timing and memory figures mean little without the machine's load: printed and kept beside them. */
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
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

/** A poster with 30 gigs: their token and the first gig's id. */
async function seed(url: string): Promise<{ token: string; gigId: string }> {
  const anon = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' };
  const signup = await fetch(`${url}/auth/v1/signup`, { method: 'POST', headers: anon, body: JSON.stringify({ email: `attack.${Date.now()}@example.com`, password: 'attack-drill-password' }) });
  const { access_token: token } = (await signup.json()) as { access_token: string };
  const gigs = Array.from({ length: 30 }, (_, i) => ({ title: `Gig ${i} for a small remote shop`, description: 'Attack drill', rate: 40, hours: 2, location: 'remote' }));
  const r = await fetch(`${url}/rest/v1/gigs`, { method: 'POST', headers: { ...anon, authorization: `Bearer ${token}`, prefer: 'return=representation' }, body: JSON.stringify(gigs) });
  if (r.status !== 201) throw new Error(`seeding gigs: HTTP ${r.status} ${await r.text()}`);
  return { token, gigId: ((await r.json()) as { id: string }[])[0]!.id };
}

async function restPhase(be: Backend, kind: string) {
  const attacks = new Map<string, Timed[]>(Object.keys(SHAPES).map((k) => [k, []]));
  const end = performance.now() + SECONDS * 1000;
  const headers = { apikey: DEV_ANON_KEY };
  const prober = probe(`${be.url}/health`, {}, 100, end);
  const names = Object.keys(SHAPES);
  const attackers = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; performance.now() < end; i++) {
      const name = names[i % names.length]!;
      attacks.get(name)!.push(await get(`${be.url}${SHAPES[name]}`, headers, 60_000));
    }
  });
  const [health] = await Promise.all([prober, ...attackers]);
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
  return { clients: CLIENTS, health: { ...h, failures: healthFailures }, shapes, ok: healthFailures === 0 && bad === 0 };
}

function printRealtime(kind: string, r: Awaited<ReturnType<typeof realtimeAttack>>): void {
  const f = (x: { n: number; p50: number; p95: number; max: number }) => `n ${x.n}, p50 ${x.p50} ms, p95 ${x.p95} ms, max ${x.max} ms`;
  console.log(`\n${kind}: realtime shapes for ${SECONDS} s — process ${r.alive ? 'up' : 'DOWN'}`);
  console.log(`  /health: ${f(r.health)}, not 200: ${r.health.notOk}`);
  console.log(`  ordinary read (GET /rest/v1/gigs, 20 rows): ${f(r.reads)}, not 200: ${r.reads.notOk}`);
  console.log(`  normal subscriber, PATCH → change: ${f(r.subscriber)}, sent ${r.subscriber.sent}, writes failed ${r.subscriber.writesFailed}, missed ${r.subscriber.missed}`);
  console.log(`  REST broadcast batches (80 addresses × 100 messages a second): ${f(r.amplify)}`);
  console.log(`  backend CPU during the phase: ${r.busy.backendCpuSeconds} s; the probing thread's event-loop delay p99: ${r.busy.drillLoopDelayP99Ms} ms`);
  console.log(`  memory: ${r.memory.sockets} sockets at the limits, ${r.memory.rssBeforeMB} → ${r.memory.rssAtLimitsMB} MiB resident, ${r.memory.perSocketKB} KiB per socket; peak ${r.memory.peakMB} MiB`);
  // The budget: what one client IP can hold at REALTIME_MAX_CONNECTIONS_PER_IP's default.
  console.log(`  budget: one client IP at its limits (${PER_IP_SOCKETS} sockets) ≈ ${Math.round((r.memory.perSocketKB * PER_IP_SOCKETS) / 1024)} MiB resident`);
  for (const [what, n] of Object.entries(r.counts).sort()) console.log(`  ${what.padEnd(60)} ${n}`);
}

async function drill(kind: 'pglite' | 'postgres') {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `need40-attack-${kind}-`));
  const scratch = kind === 'postgres' ? await scratchDatabase(ADMIN_URL!, 'need40_drill') : undefined;
  const env = { MAILER_AUTOCONFIRM: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: path.join(runDir, 'data') }) };
  let be: Backend | undefined;
  const loadBefore = load();
  console.log(`\n${kind}: load average ${loadBefore.join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores`);
  try {
    const port = args.port ? Number(args.port) + DBS.indexOf(kind) : await freePort();
    // A fresh PGlite data directory runs initdb and every migration: a minute or more on a loaded machine.
    be = await startBackend({ entry: ENTRY, port, env, logFile: path.join(runDir, 'backend.log'), timeoutMs: 180_000 });
    const seeded = await seed(be.url);
    const rest = PHASES.includes('rest') ? await restPhase(be, kind) : undefined;
    let realtime;
    if (PHASES.includes('realtime')) {
      realtime = await realtimeAttack({ url: be.url, pid: be.pid, anonKey: DEV_ANON_KEY, posterToken: seeded.token, gigId: seeded.gigId, seconds: SECONDS, memorySockets: RT_SOCKETS, shapes: RT_SHAPES });
      printRealtime(kind, realtime);
    }
    const loadAfter = load();
    console.log(`${kind}: load average afterwards ${loadAfter.join(', ')}`);
    return { db: kind, seconds: SECONDS, load: { before: loadBefore, after: loadAfter, cores: os.cpus().length }, rest, realtime, ok: (rest?.ok ?? true) && (realtime?.ok ?? true) };
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
