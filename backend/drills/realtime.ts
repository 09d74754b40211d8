/**
 * pnpm drill:realtime — delivery latency and loss of postgres_changes at 1,000 subscribers.
 *
 *   postgres-x2  two backend instances on one PostgreSQL database behind nginx (WebSockets
 *                proxied, round-robin: half the subscribers on each); gigs are posted through
 *                both instances alternately, so half the changes cross from one to the other
 *   pglite       one backend on PGlite behind the same nginx
 *
 * Subscribers are realtime-js clients (each its own WebSocket, spread over RT_WORKERS threads:
 * realtime-subscribers.ts) on channel `new-gigs`, INSERT on
 * public.gigs, as the page's "N new gigs" notice listens; they connect as visitors (the anon key),
 * so each change is checked once per instance for that identity. A signed-in user posts RT_CHANGES
 * gigs at RT_RATE per second. Latency = time from sending the POST to a subscriber receiving the
 * change (so it includes the write itself), on this machine's clock. Lost = subscribers × changes −
 * distinct deliveries. Goals: 0 lost, p95 < 100 ms. Prints a table and JSON; exit code 1 if a
 * goal is missed.
 *
 *   pnpm drill:realtime [--setups=postgres-x2,pglite]
 *   RT_SUBSCRIBERS=1000 RT_CHANGES=200 RT_RATE=5 RT_WORKERS=2 (subscriber threads) RT_PORT_BASE=55600 (proxy; backends +1, +2)
 *   DRILL_DATABASE_URL: PostgreSQL admin URL (default postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEV_ANON_KEY } from '../src/config';
import { BACKEND_DIR, buildDist, percentile, scratchDatabase, sleep, startBackend, type Backend } from './backend-process';
import { startNginx, type Proxy } from './nginx';

const SUBSCRIBERS = Number(process.env.RT_SUBSCRIBERS ?? 1000);
const CHANGES = Number(process.env.RT_CHANGES ?? 200);
const RATE = Number(process.env.RT_RATE ?? 5);
const WORKERS = Number(process.env.RT_WORKERS ?? 2);
const PORT_BASE = Number(process.env.RT_PORT_BASE ?? 55600);
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres';
const SETUPS = (process.argv.find((a) => a.startsWith('--setups='))?.slice(9) ?? 'postgres-x2,pglite').split(',');
const RESULTS_DIR = path.join(BACKEND_DIR, 'drills', 'results');
/** Worker threads do not inherit tsx's loader: the thread loads tsx, then the subscriber module. */
const SUBSCRIBER_THREAD = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./realtime-subscribers.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

interface Result {
  setup: string;
  subscribers: number;
  changes: number;
  expected: number;
  delivered: number;
  lost: number;
  duplicates: number;
  connectMs: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** This process's event-loop delay while changes arrived: how much of the latency is the subscribers' own side. */
  clientLoopDelayMs: { p99: number };
  pass: boolean;
}

async function signUp(be: Backend): Promise<string> {
  const res = await fetch(`${be.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `rt-drill-${Date.now()}@example.com`, password: 'drill-password-1' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

async function post(be: Backend, token: string, title: string): Promise<void> {
  const res = await fetch(`${be.url}/rest/v1/gigs`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ title, description: 'Realtime drill', payment_type: 'fixed', rate: 600, hours: 1, location: 'remote' }),
  });
  if (res.status !== 201) throw new Error(`write ${title}: ${res.status} ${await res.text()}`);
}

async function run(setup: string): Promise<Result> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `need40-rt-${setup}-`));
  const scratch = setup === 'postgres-x2' ? await scratchDatabase(ADMIN_URL, 'need40_rt_drill') : undefined;
  // Every subscriber comes from one address (this machine, through nginx): the per-IP limits of
  // /realtime/v1 are raised for the drill, which measures delivery, not the limits.
  const perIp = { REALTIME_MAX_CONNECTIONS_PER_IP: String(SUBSCRIBERS * 2), REALTIME_MAX_JOINS_PER_SECOND: String(SUBSCRIBERS * 2), REALTIME_MAX_EVENTS_PER_SECOND: String(SUBSCRIBERS * 10) };
  const env = { ...(scratch ? { DATABASE_URL: scratch.url, DB_POOL_MAX: '20' } : { DATA_DIR: path.join(dir, 'data') }), MAILER_AUTOCONFIRM: 'true', ...perIp };
  const backends: Backend[] = [];
  const workers: Worker[] = [];
  let proxy: Proxy | undefined;
  try {
    const ports = scratch ? [PORT_BASE + 1, PORT_BASE + 2] : [PORT_BASE + 1];
    // One at a time: the first migrates the scratch database.
    for (const port of ports) backends.push(await startBackend({ entry: 'dist', port, env, logFile: path.join(dir, `backend-${port}.log`) }));
    proxy = await startNginx(PORT_BASE, ports, path.join(dir, 'nginx'));
    const token = await signUp(backends[0]!);

    const sentAt = new SharedArrayBuffer(CHANGES * 8);
    const sent = new Float64Array(sentAt);
    const t0 = performance.now();
    const per = Math.ceil(SUBSCRIBERS / WORKERS);
    for (let w = 0; w * per < SUBSCRIBERS; w++) {
      const workerData = { url: `${proxy.url.replace('http', 'ws')}/realtime/v1`, apikey: DEV_ANON_KEY, first: w * per, count: Math.min(per, SUBSCRIBERS - w * per), changes: CHANGES, sentAt };
      workers.push(new Worker(SUBSCRIBER_THREAD, { eval: true, workerData }));
    }
    await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
      w.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
      w.once('error', reject);
    })));
    const connectMs = performance.now() - t0;
    console.error(`[drill] ${setup}: ${SUBSCRIBERS} subscribers (${workers.length} threads) joined through nginx in ${connectMs.toFixed(0)} ms; posting ${CHANGES} gigs at ${RATE}/s`);

    // Warm-up (not measured): each instance's first write and first change (schema cache, table
    // metadata, prepared connections) are a start-up cost, not delivery latency.
    for (const be of backends) await post(be, token, 'warm-up');
    await sleep(1000);
    for (const w of workers) w.postMessage('go');
    const start = performance.now();
    const writes: Promise<void>[] = [];
    for (let k = 0; k < CHANGES; k++) {
      const be = backends[k % backends.length]!;
      sent[k] = performance.timeOrigin + performance.now();
      writes.push(post(be, token, `drill-${k}`));
      await sleep(Math.max(0, start + ((k + 1) * 1000) / RATE - performance.now()));
    }
    await Promise.all(writes);
    const expected = SUBSCRIBERS * CHANGES;
    // Drain: wait until every delivery arrived, or nothing more arrives for 10 s (then it is lost).
    const count = () => Promise.all(workers.map((w) => new Promise<number>((resolve) => {
      w.once('message', (m: { delivered: number }) => resolve(m.delivered));
      w.postMessage('count');
    }))).then((n) => n.reduce((a, b) => a + b, 0));
    for (let last = -1, still = 0; still < 40; ) {
      const now = await count();
      if (now === expected) break;
      still = now === last ? still + 1 : 0;
      last = now;
      await sleep(250);
    }
    const reports = await Promise.all(workers.map((w) => new Promise<{ latencies: number[]; delivered: number; duplicates: number; loopP99: number }>((resolve) => {
      w.once('message', resolve);
      w.postMessage('stop');
    })));
    const latencies = reports.flatMap((r) => r.latencies);
    const delivered = reports.reduce((a, r) => a + r.delivered, 0);
    const duplicates = reports.reduce((a, r) => a + r.duplicates, 0);
    const clientLoopDelayMs = { p99: Math.round(Math.max(...reports.map((r) => r.loopP99)) * 10) / 10 };
    latencies.sort((x, y) => x - y);
    const r = (v: number) => Math.round(v * 10) / 10;
    const latencyMs = { p50: r(percentile(latencies, 50)), p95: r(percentile(latencies, 95)), p99: r(percentile(latencies, 99)), max: r(latencies.at(-1) ?? NaN) };
    return { setup, subscribers: SUBSCRIBERS, changes: CHANGES, expected, delivered, lost: expected - delivered, duplicates, connectMs: Math.round(connectMs), latencyMs, clientLoopDelayMs, pass: delivered === expected && latencyMs.p95 < 100 };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await proxy?.stop();
    for (const be of backends) await be.kill('SIGTERM');
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  buildDist();
  const results: Result[] = [];
  for (const setup of SETUPS) results.push(await run(setup));
  console.log(`setup        subscribers changes   expected  delivered  lost dup  p50 ms  p95 ms  p99 ms  max ms  client loop p99  goal   (${RATE} changes/s)`);
  for (const x of results) {
    console.log(`${x.setup.padEnd(12)} ${String(x.subscribers).padStart(11)} ${String(x.changes).padStart(7)} ${String(x.expected).padStart(10)} ${String(x.delivered).padStart(10)} ${String(x.lost).padStart(5)} ${String(x.duplicates).padStart(3)} ${String(x.latencyMs.p50).padStart(7)} ${String(x.latencyMs.p95).padStart(7)} ${String(x.latencyMs.p99).padStart(7)} ${String(x.latencyMs.max).padStart(7)} ${String(x.clientLoopDelayMs.p99).padStart(16)}  ${x.pass ? 'PASS' : 'FAIL'}`);
  }
  const json = { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() }, settings: { rate: RATE }, results };
  console.log(JSON.stringify(json));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `realtime-${json.at.replace(/[:.]/g, '-')}.json`), JSON.stringify(json, null, 2));
  process.exitCode = results.every((x) => x.pass) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
