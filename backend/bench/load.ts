/**
 * pnpm bench:load — 200 concurrent clients against the real backend (child processes, loopback
 * only), a mix of what the product does, for a bounded time; latency percentiles and throughput
 * per kind of request, errors counted (goal: zero). See docs/drills.md.
 *
 * Setups, one after the other, each on a fresh database with the same seed:
 *   pglite       one backend on PGlite (a fresh data directory)
 *   postgres     one backend on PostgreSQL (a scratch database)
 *   postgres-x2  two backends on one PostgreSQL database; each client is pinned to one of them,
 *                alternately (autocannon's list of targets: client i → instance i mod 2), so
 *                there is no proxy in between to eat the two cores
 *
 * The mix (clients): anonymous home list (the page's select, newest first, 12, count=exact),
 * anonymous filtered lists (title ilike, payment_type, location, rate range, skills cs, in turn),
 * password sign-ins, token refreshes (each client rotates its own refresh token: a token is used
 * once) and gig posts by signed-in users. Users (confirmed: MAILER_AUTOCONFIRM) and gigs are
 * created before the clock starts. The sign-in, sign-up and refresh rate limits are raised
 * through RATE_LIMIT_* for the run (all clients share 127.0.0.1).
 *
 *   pnpm bench:load [--setups=pglite,postgres,postgres-x2]
 *   LOAD_DURATION=60 (seconds per setup), LOAD_GIGS=2000 (seeded gigs),
 *   LOAD_DATABASE_URL: PostgreSQL admin URL (default postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Client } from 'autocannon';
import { DEV_ANON_KEY } from '../src/config';
import { buildDist, freePort, percentile, scratchDatabase, startBackend, type Backend } from '../drills/backend-process';
import { JsonClient } from '../drills/http-client';

type Setup = 'pglite' | 'postgres' | 'postgres-x2';
type Kind = 'home list' | 'filtered list' | 'sign-in' | 'refresh' | 'post gig';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SETUPS = (args.setups ?? process.env.LOAD_SETUPS ?? 'pglite,postgres,postgres-x2').split(',') as Setup[];
const DURATION = Number(process.env.LOAD_DURATION ?? args.duration ?? 60);
const SEED_GIGS = Number(process.env.LOAD_GIGS ?? 2000);
const ADMIN_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres';
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** Clients per kind: 200 in all; even numbers, so two instances get the same share. */
const MIX: Record<Kind, number> = { 'home list': 100, 'filtered list': 50, 'sign-in': 10, refresh: 20, 'post gig': 20 };

/** Raised for the run: every client comes from 127.0.0.1, and the defaults are per IP. */
const RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_IP: '1000000',
  RATE_LIMIT_SIGN_IN_PER_EMAIL: '1000000',
  RATE_LIMIT_TOKEN_REFRESH_PER_IP: '1000000',
  RATE_LIMIT_SIGN_UP_PER_IP: '1000000',
};

const ANON = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` };
const READ_HEADERS = { ...ANON, 'accept-profile': 'public', prefer: 'count=exact' };
const AUTH_HEADERS = { ...ANON, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
/** What supabase-js sends for the home page: select('*, profiles!gigs_user_id_fkey(username, avatar_url)', { count: 'exact' }).order('created_at', { ascending: false }).range(0, 11). */
const HOME = '/rest/v1/gigs?select=*%2Cprofiles!gigs_user_id_fkey%28username%2Cavatar_url%29&order=created_at.desc&offset=0&limit=12';
const FILTERS = [
  `${HOME}&title=ilike.%25react%25`,
  `${HOME}&payment_type=eq.fixed`,
  `${HOME}&location=eq.onsite`,
  `${HOME}&rate=gte.20&rate=lte.80`,
  `${HOME}&skills=cs.%7Breact%7D`,
];

interface Session {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

const SKILLS = ['react', 'python', 'sql', 'design', 'writing', 'plumbing', 'painting', 'go', 'rust', 'figma'];
const TITLES = ['React landing page', 'Python script fix', 'Paint a fence', 'Garden cleanup', 'Logo design', 'Data migration', 'Mobile app help', 'Copywriting'];

function gigBody(i: number, userId: string) {
  return {
    title: `${TITLES[i % TITLES.length]} #${i}`,
    description: `Load benchmark gig number ${i}.`,
    payment_type: i % 4 === 0 ? 'fixed' : 'hourly',
    rate: 10 + ((i * 37) % 190),
    hours: 1 + (i % 40),
    location: ['remote', 'onsite', 'hybrid'][i % 3],
    skills: [SKILLS[i % SKILLS.length], SKILLS[(i * 7 + 3) % SKILLS.length]],
    user_id: userId,
  };
}

/** Sign up `n` confirmed users (a session each), a few at a time: argon2 costs ~50 ms per hash. */
async function createUsers(client: JsonClient, n: number, tag: string): Promise<Session[]> {
  const users: Session[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < n) {
      const i = next++;
      const email = `load${i}.${tag}@example.com`;
      const password = `load-password-${i}`;
      const res = await client.request<{ access_token: string; refresh_token: string; user: { id: string } }>('POST', '/auth/v1/signup', AUTH_HEADERS, { email, password });
      if (res.status !== 200 || !res.body?.refresh_token) throw new Error(`signup ${email}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      users[i] = { userId: res.body.user.id, email, password, accessToken: res.body.access_token, refreshToken: res.body.refresh_token };
    }
  }));
  return users;
}

async function seedGigs(client: JsonClient, users: Session[], count: number): Promise<void> {
  const batch = 100;
  for (let start = 0, b = 0; start < count; start += batch, b++) {
    const user = users[b % users.length]!;
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => gigBody(start + k, user.userId));
    const res = await client.request('POST', '/rest/v1/gigs', { ...ANON, authorization: `Bearer ${user.accessToken}`, 'content-profile': 'public', prefer: 'return=minimal' }, rows);
    if (res.status !== 201) throw new Error(`seed gigs: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  }
}

interface KindResult {
  kind: Kind;
  clients: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  firstErrorBodies: string[];
}

interface RunSpec {
  kind: Kind;
  /** The requests of one client; called once per client (per-client state lives in the closure). */
  requestsFor: (clientIndex: number) => autocannon.Request[];
}

function specs(signIn: Session[], refresh: Session[], posters: Session[]): RunSpec[] {
  let gig = 1_000_000;
  return [
    { kind: 'home list', requestsFor: () => [{ method: 'GET', path: HOME, headers: READ_HEADERS }] },
    {
      kind: 'filtered list',
      // Clients start at different filters so every filter runs all the time.
      requestsFor: (i) => FILTERS.map((_, k) => ({ method: 'GET', path: FILTERS[(i + k) % FILTERS.length]!, headers: READ_HEADERS })),
    },
    {
      kind: 'sign-in',
      requestsFor: (i) => {
        const u = signIn[i % signIn.length]!;
        return [{ method: 'POST', path: '/auth/v1/token?grant_type=password', headers: AUTH_HEADERS, body: JSON.stringify({ email: u.email, password: u.password }) }];
      },
    },
    {
      kind: 'refresh',
      requestsFor: (i) => {
        const state = { token: refresh[i]!.refreshToken };
        return [{
          method: 'POST',
          path: '/auth/v1/token?grant_type=refresh_token',
          headers: AUTH_HEADERS,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh_token: state.token }) }),
          onResponse: (status, body) => {
            if (status === 200) state.token = (JSON.parse(body) as { refresh_token: string }).refresh_token;
          },
        }];
      },
    },
    {
      kind: 'post gig',
      requestsFor: (i) => {
        const u = posters[i]!;
        const headers = { ...ANON, authorization: `Bearer ${u.accessToken}`, 'content-type': 'application/json', 'content-profile': 'public', prefer: 'return=minimal' };
        return [{ method: 'POST', path: '/rest/v1/gigs', headers, setupRequest: (req) => ({ ...req, body: JSON.stringify(gigBody(gig++, u.userId)) }) }];
      },
    },
  ];
}

/** One autocannon instance per kind, all at once; latencies recorded per response (exact percentiles). */
async function runMix(urls: string[], runSpecs: RunSpec[]): Promise<KindResult[]> {
  const started = Date.now();
  const results = await Promise.all(runSpecs.map(async (spec) => {
    const latencies: number[] = [];
    const statusCodes: Record<string, number> = {};
    const firstErrorBodies: string[] = [];
    let clientIndex = 0;
    const instance = autocannon({
      url: urls.length === 1 ? urls[0]! : urls,
      connections: MIX[spec.kind],
      duration: DURATION,
      timeout: 10,
      excludeErrorStats: false,
      setupClient: (client: Client) => {
        const requests = spec.requestsFor(clientIndex++);
        client.setRequests(requests.map((r) => ({
          ...r,
          onResponse: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => {
            if (status >= 300 && firstErrorBodies.length < 5) firstErrorBodies.push(`${status} ${body.slice(0, 200)}`);
            r.onResponse?.(status, body, context, headers);
          },
        })));
      },
    });
    instance.on('response', (_client: Client, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    });
    const result = await instance;
    latencies.sort((a, b) => a - b);
    const seconds = (Date.now() - started) / 1000;
    return {
      kind: spec.kind, clients: MIX[spec.kind], requests: latencies.length, rps: latencies.length / Math.max(seconds, DURATION),
      p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN,
      non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodes, firstErrorBodies,
    } satisfies KindResult;
  }));
  return results;
}

interface SetupResult {
  setup: Setup;
  instances: number;
  seconds: number;
  kinds: KindResult[];
  total: { requests: number; rps: number; non2xx: number; errors: number };
  backendLogs: string[];
}

async function runSetup(setup: Setup, runDir: string): Promise<SetupResult> {
  const instances = setup === 'postgres-x2' ? 2 : 1;
  const scratch = setup === 'pglite' ? undefined : await scratchDatabase(ADMIN_URL, 'need40_load');
  const env = { ...RATE_LIMITS, MAILER_AUTOCONFIRM: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: path.join(runDir, `data-${setup}`) }) };
  const backends: Backend[] = [];
  const logs: string[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      const logFile = path.join(runDir, `${setup}-${i}.log`);
      logs.push(logFile);
      backends.push(await startBackend({ entry: 'dist', port: await freePort(), env, logFile }));
    }
    const setupClient = new JsonClient(backends[0]!.url, 8);
    const tag = `${setup}.${Date.now()}`;
    const t0 = Date.now();
    const users = await createUsers(setupClient, 50, tag);
    const signIn = users.slice(0, 10);
    const refresh = users.slice(10, 30);
    const posters = users.slice(30, 50);
    await seedGigs(setupClient, posters, SEED_GIGS);
    setupClient.close();
    console.error(`[load] ${setup}: ${instances} instance(s) ready, ${users.length} users and ${SEED_GIGS} gigs seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${DURATION} s of load…`);
    const started = Date.now();
    const kinds = await runMix(backends.map((b) => b.url), specs(signIn, refresh, posters));
    const seconds = (Date.now() - started) / 1000;
    const total = kinds.reduce((t, k) => ({ requests: t.requests + k.requests, rps: t.rps + k.rps, non2xx: t.non2xx + k.non2xx, errors: t.errors + k.errors }), { requests: 0, rps: 0, non2xx: 0, errors: 0 });
    return { setup, instances, seconds, kinds, total, backendLogs: logs };
  } finally {
    for (const b of backends) await b.kill('SIGTERM');
    await scratch?.drop();
  }
}

function printTable(results: SetupResult[]): void {
  const header = `${'setup'.padEnd(12)} ${'kind'.padEnd(14)} ${'clients'.padStart(7)} ${'requests'.padStart(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(8);
  for (const r of results) {
    for (const k of r.kinds) {
      console.log(`${r.setup.padEnd(12)} ${k.kind.padEnd(14)} ${String(k.clients).padStart(7)} ${String(k.requests).padStart(9)} ${k.rps.toFixed(0).padStart(8)} ${f(k.p50)} ${f(k.p95)} ${f(k.p99)} ${f(k.max)} ${String(k.non2xx).padStart(8)} ${String(k.errors).padStart(7)}`);
      for (const body of k.firstErrorBodies) console.log(`${''.padEnd(12)}   ! ${body}`);
    }
    console.log(`${r.setup.padEnd(12)} ${'all'.padEnd(14)} ${'200'.padStart(7)} ${String(r.total.requests).padStart(9)} ${r.total.rps.toFixed(0).padStart(8)} ${''.padStart(35)} ${String(r.total.non2xx).padStart(8)} ${String(r.total.errors).padStart(7)}`);
    console.log('');
  }
  console.log(`(${DURATION} s per setup, loopback; latency from the client's side, every response; errors = socket errors and timeouts)`);
}

async function main(): Promise<void> {
  buildDist();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-load-'));
  const results: SetupResult[] = [];
  try {
    for (const setup of SETUPS) results.push(await runSetup(setup, runDir));
  } finally {
    printTable(results);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({
      at: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
      settings: { duration: DURATION, seedGigs: SEED_GIGS, mix: MIX, rateLimits: RATE_LIMITS, twoInstances: 'clients pinned alternately to the two instances (autocannon url list)' },
      results,
    }, null, 2));
    console.log(`results: ${path.relative(process.cwd(), file)}`);
    const bad = results.some((r) => r.total.non2xx > 0 || r.total.errors > 0);
    if (!bad) fs.rmSync(runDir, { recursive: true, force: true });
    else console.log(`backend logs kept in ${runDir}`);
    process.exitCode = bad ? 1 : 0;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
