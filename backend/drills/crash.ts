/**
 * pnpm drill:crash — kill the backend in the middle of a write load and check that nothing it
 * acknowledged is lost and nothing is half-written. See docs/drills.md.
 *
 * Per database (PGlite on a fresh data directory, PostgreSQL in a scratch database):
 *   1. start the real backend (a child process) and sign up the users of the load;
 *   2. each cycle: concurrent clients write — signed-in users call rpc create_paid_gig (the $600
 *      path) and insert gigs through /rest/v1/gigs, visitors call rpc record_payment — and every
 *      2xx answer is recorded with the ids it returned; at a random moment the backend gets
 *      SIGKILL; it is restarted on the same data and timed from spawn to /health answering;
 *   3. verify through the restarted server (service_role): every acknowledged write is there;
 *      every gig of the $600 path has its completed $600 payment and both audit rows, no completed
 *      $600 payment lacks its gig, every row has its audit row and every audit row its row; then
 *      a sign-in and one write of each kind, read back, show the server keeps working.
 * Exit code 1 if an acknowledged write is missing, anything is half-written, a write got a
 * non-2xx answer, the server does not work after a restart, or a restart takes 2 s or more.
 *
 *   pnpm drill:crash [--db=pglite,postgres] [--cycles=10] [--clients=9] [--entry=dist|tsx]
 *                    [--min-load-ms=400] [--max-load-ms=2500] [--restart-limit-ms=2000]
 *   DRILL_DATABASE_URL: PostgreSQL admin URL (default postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEV_ANON_KEY, DEV_SERVICE_ROLE_KEY } from '../src/config';
import { BACKEND_DIR, buildDist, freePort, percentile, scratchDatabase, sleep, startBackend, type Backend, type Entry } from './backend-process';
import { JsonClient, NetworkError } from './http-client';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? process.env.DRILL_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const CYCLES = Number(args.cycles ?? process.env.DRILL_CYCLES ?? 10);
const CLIENTS = Math.max(3, Number(args.clients ?? 9));
const ENTRY = (args.entry ?? 'dist') as Entry;
const MIN_LOAD_MS = Number(args['min-load-ms'] ?? 400);
const MAX_LOAD_MS = Number(args['max-load-ms'] ?? 2500);
const RESTART_LIMIT_MS = Number(args['restart-limit-ms'] ?? 2000);
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres';
const RESULTS_DIR = path.join(BACKEND_DIR, 'drills', 'results');

const ANON = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` };
const SERVICE = { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}`, 'accept-profile': 'public' };
const userHeaders = (token: string) => ({ apikey: DEV_ANON_KEY, authorization: `Bearer ${token}`, 'content-profile': 'public' });

type WriteKind = 'paid_gig' | 'form_gig' | 'payment';

interface User {
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

/** Everything the server acknowledged, and what was in flight when it died. */
class Ledger {
  paidGigs = new Map<string, { paymentId: string; marker: string }>();
  formGigs = new Map<string, string>();
  payments = new Map<string, string>();
  /** Sent, then the connection died: may or may not have landed. */
  inFlight: { kind: WriteKind; marker: string; cycle: number }[] = [];
  /** Non-2xx answers (the server was up and refused or failed a write). */
  errors: { kind: WriteKind; status: number; body: string }[] = [];

  get acknowledged(): number {
    return this.paidGigs.size + this.formGigs.size + this.payments.size;
  }
}

interface Row {
  cycle: number;
  loadMs: number;
  acknowledged: number;
  ackedThisCycle: number;
  inFlight: number;
  inFlightLanded: number;
  missing: number;
  halfWritten: number;
  restartMs: number;
  serverWorks: boolean;
  problems: string[];
}

const setup = (env: Record<string, string>) => ({
  MAILER_AUTOCONFIRM: 'true',
  RATE_LIMIT_SIGN_UP_PER_IP: '100000',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000',
  RATE_LIMIT_SIGN_IN_PER_EMAIL: '100000',
  ...env,
});

async function signUp(client: JsonClient, email: string, password: string): Promise<User> {
  const res = await client.request<{ access_token: string; user: { id: string } }>('POST', '/auth/v1/signup', ANON, { email, password, data: { full_name: 'Crash Drill' } });
  if (res.status !== 200 || !res.body?.access_token) throw new Error(`signup ${email}: HTTP ${res.status} ${res.text}`);
  return { id: res.body.user.id, email, password, accessToken: res.body.access_token };
}

/** One write of the given kind; returns what the server acknowledged, or throws NetworkError. */
async function write(client: JsonClient, kind: WriteKind, marker: string, user: User | undefined, ledger: Ledger): Promise<boolean> {
  let res;
  if (kind === 'paid_gig') {
    res = await client.request<{ id: string; payment_id: string }>('POST', '/rest/v1/rpc/create_paid_gig', userHeaders(user!.accessToken), { p_title: marker, p_description: 'Crash drill: the $600 path.' });
    if (res.status === 200 && res.body?.id && res.body.payment_id) {
      ledger.paidGigs.set(res.body.id, { paymentId: res.body.payment_id, marker });
      return true;
    }
  } else if (kind === 'form_gig') {
    res = await client.request<{ id: string }[]>('POST', '/rest/v1/gigs', { ...userHeaders(user!.accessToken), prefer: 'return=representation' }, {
      title: marker, description: 'Crash drill: a gig from the form.', payment_type: 'hourly', rate: 25, hours: 3, location: 'remote', skills: ['drill'], user_id: user!.id,
    });
    if (res.status === 201 && res.body?.[0]?.id) {
      ledger.formGigs.set(res.body[0].id, marker);
      return true;
    }
  } else {
    res = await client.request<{ id: string }>('POST', '/rest/v1/rpc/record_payment', { ...ANON, 'content-profile': 'public' }, { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending', p_description: marker });
    if (res.status === 200 && res.body?.id) {
      ledger.payments.set(res.body.id, marker);
      return true;
    }
  }
  ledger.errors.push({ kind, status: res.status, body: res.text.slice(0, 300) });
  return false;
}

/** Concurrent clients writing until the server dies under them. Resolves when all have stopped. */
async function writeLoad(client: JsonClient, users: User[], ledger: Ledger, cycle: number): Promise<number> {
  const kinds: WriteKind[] = ['paid_gig', 'form_gig', 'payment'];
  let acked = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
    const kind = kinds[i % 3]!;
    const user = kind === 'payment' ? undefined : users[i % users.length];
    for (let seq = 0; ; seq++) {
      const marker = `drill c${cycle} k${i} #${seq}`;
      try {
        if (await write(client, kind, marker, user, ledger)) acked++;
        else await sleep(20); // an error answer: do not spin
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        if (error.kind === 'lost') ledger.inFlight.push({ kind, marker, cycle });
        return; // the server is gone
      }
    }
  }));
  return acked;
}

interface GigRow { id: string; user_id: string; title: string; payment_id: string | null; payment_type: string; rate: number; worker_rate: number | null; platform_fee: number | null; status: string }
interface PaymentRow { id: string; amount: number; status: string; user_id: string | null; description: string | null }
interface AuditRow { table_name: string; operation: string; details: { gig_id?: string; payment_id?: string } }

async function readAll<T>(client: JsonClient, table: string, select: string): Promise<T[]> {
  const res = await client.request<T[]>('GET', `/rest/v1/${table}?select=${select}`, SERVICE);
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`read ${table}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

interface Verification {
  missing: string[];
  halfWritten: string[];
  inFlightLanded: number;
  counts: { gigs: number; paidGigs: number; payments: number; completedPayments: number; auditGigs: number; auditPayments: number };
}

async function verify(client: JsonClient, ledger: Ledger, cycle: number): Promise<Verification> {
  const [gigs, payments, audit] = await Promise.all([
    readAll<GigRow>(client, 'gigs', 'id,user_id,title,payment_id,payment_type,rate,worker_rate,platform_fee,status'),
    readAll<PaymentRow>(client, 'payments', 'id,amount,status,user_id,description'),
    readAll<AuditRow>(client, 'audit_logs', 'table_name,operation,details'),
  ]);
  const gigById = new Map(gigs.map((g) => [g.id, g]));
  const paymentById = new Map(payments.map((p) => [p.id, p]));
  const auditGig = new Map<string, number>();
  const auditPayment = new Map<string, number>();
  for (const a of audit) {
    if (a.table_name === 'gigs' && a.details.gig_id) auditGig.set(a.details.gig_id, (auditGig.get(a.details.gig_id) ?? 0) + 1);
    if (a.table_name === 'payments' && a.details.payment_id) auditPayment.set(a.details.payment_id, (auditPayment.get(a.details.payment_id) ?? 0) + 1);
  }

  const missing: string[] = [];
  for (const [id, { paymentId, marker }] of ledger.paidGigs) {
    if (!gigById.has(id)) missing.push(`paid gig ${id} (${marker})`);
    if (!paymentById.has(paymentId)) missing.push(`payment ${paymentId} of paid gig ${id} (${marker})`);
  }
  for (const [id, marker] of ledger.formGigs) if (!gigById.has(id)) missing.push(`gig ${id} (${marker})`);
  for (const [id, marker] of ledger.payments) if (!paymentById.has(id)) missing.push(`payment ${id} (${marker})`);

  const half: string[] = [];
  const paidPaymentIds = new Set<string>();
  for (const g of gigs) {
    if ((auditGig.get(g.id) ?? 0) !== 1) half.push(`gig ${g.id}: ${auditGig.get(g.id) ?? 0} audit rows`);
    if (!g.payment_id) continue;
    paidPaymentIds.add(g.payment_id);
    const p = paymentById.get(g.payment_id);
    if (!p) half.push(`paid gig ${g.id}: its payment ${g.payment_id} is missing`);
    else if (p.status !== 'completed' || Number(p.amount) !== 600 || p.user_id !== g.user_id) half.push(`paid gig ${g.id}: payment ${p.id} is ${p.status} ${p.amount} for ${p.user_id}`);
    if (g.payment_type !== 'fixed' || Number(g.rate) !== 600 || Number(g.worker_rate) !== 570 || Number(g.platform_fee) !== 30 || g.status !== 'active') {
      half.push(`paid gig ${g.id}: ${g.payment_type} ${g.rate}/${g.worker_rate}/${g.platform_fee} ${g.status}`);
    }
  }
  for (const p of payments) {
    if ((auditPayment.get(p.id) ?? 0) !== 1) half.push(`payment ${p.id}: ${auditPayment.get(p.id) ?? 0} audit rows`);
    if (p.status === 'completed' && !paidPaymentIds.has(p.id)) half.push(`completed payment ${p.id} (${p.amount}) has no gig`);
  }
  for (const id of auditGig.keys()) if (!gigById.has(id)) half.push(`audit row for gig ${id}, which does not exist`);
  for (const id of auditPayment.keys()) if (!paymentById.has(id)) half.push(`audit row for payment ${id}, which does not exist`);

  const titles = new Set(gigs.map((g) => g.title));
  const descriptions = new Set(payments.map((p) => p.description));
  const inFlightLanded = ledger.inFlight.filter((w) => w.cycle === cycle && (w.kind === 'payment' ? descriptions.has(w.marker) : titles.has(w.marker))).length;

  return {
    missing,
    halfWritten: half,
    inFlightLanded,
    counts: {
      gigs: gigs.length,
      paidGigs: paidPaymentIds.size,
      payments: payments.length,
      completedPayments: payments.filter((p) => p.status === 'completed').length,
      auditGigs: audit.filter((a) => a.table_name === 'gigs').length,
      auditPayments: audit.filter((a) => a.table_name === 'payments').length,
    },
  };
}

/** A sign-in, one write of each kind and a read-back: the restarted server works. */
async function serverWorks(client: JsonClient, user: User, ledger: Ledger, cycle: number): Promise<string[]> {
  const problems: string[] = [];
  const signIn = await client.request<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', ANON, { email: user.email, password: user.password });
  if (signIn.status !== 200 || !signIn.body?.access_token) problems.push(`sign-in after restart: HTTP ${signIn.status}`);
  else user.accessToken = signIn.body.access_token;
  for (const kind of ['paid_gig', 'form_gig', 'payment'] as const) {
    if (!(await write(client, kind, `drill c${cycle} after restart ${kind}`, user, ledger))) problems.push(`${kind} after restart failed`);
  }
  const lastGig = [...ledger.formGigs.keys()].at(-1);
  const read = await client.request<unknown[]>('GET', `/rest/v1/gigs?select=id,profiles!gigs_user_id_fkey(username)&id=eq.${lastGig}`, ANON);
  if (read.status !== 200 || read.body?.length !== 1) problems.push(`read-back after restart: HTTP ${read.status}`);
  return problems;
}

interface DbResult {
  db: 'pglite' | 'postgres';
  entry: Entry;
  firstStartMs: number;
  rows: Row[];
  acknowledged: number;
  missing: number;
  halfWritten: number;
  writeErrors: Ledger['errors'];
  restartMs: { min: number; median: number; max: number };
  counts: Verification['counts'];
  failures: string[];
}

async function drill(kind: 'pglite' | 'postgres'): Promise<DbResult> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `need40-crash-${kind}-`));
  const logFile = path.join(runDir, 'backend.log');
  const scratch = kind === 'postgres' ? await scratchDatabase(ADMIN_URL, 'need40_drill') : undefined;
  const env = setup(kind === 'postgres' ? { DATABASE_URL: scratch!.url } : { DATA_DIR: path.join(runDir, 'data') });
  const port = await freePort();
  const start = () => startBackend({ entry: ENTRY, port, env, logFile });
  let be: Backend | undefined;
  const rows: Row[] = [];
  const ledger = new Ledger();
  const failures: string[] = [];
  let counts: Verification['counts'] | undefined;
  try {
    be = await start();
    const firstStartMs = be.readyMs;
    console.error(`[drill] ${kind}: first start (fresh ${kind === 'pglite' ? 'data directory, initdb' : 'database'} + migrations) ${firstStartMs.toFixed(0)} ms; log ${logFile}`);
    const setupClient = new JsonClient(be.url);
    const users: User[] = [];
    for (let i = 0; i < Math.ceil((CLIENTS * 2) / 3); i++) users.push(await signUp(setupClient, `drill${i}.${Date.now()}@example.com`, `drill-password-${i}`));
    setupClient.close();

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const client = new JsonClient(be.url, CLIENTS + 4);
      const before = ledger.acknowledged;
      const inFlightBefore = ledger.inFlight.length;
      const loadMs = MIN_LOAD_MS + Math.random() * (MAX_LOAD_MS - MIN_LOAD_MS);
      const load = writeLoad(client, users, ledger, cycle);
      await sleep(loadMs);
      await be.kill('SIGKILL');
      await load;
      client.close();

      be = await start();
      const check = new JsonClient(be.url);
      const v = await verify(check, ledger, cycle);
      const problems = await serverWorks(check, users[0]!, ledger, cycle);
      check.close();
      counts = v.counts;
      const row: Row = {
        cycle, loadMs: Math.round(loadMs), acknowledged: ledger.acknowledged, ackedThisCycle: ledger.acknowledged - before,
        inFlight: ledger.inFlight.length - inFlightBefore, inFlightLanded: v.inFlightLanded,
        missing: v.missing.length, halfWritten: v.halfWritten.length, restartMs: Math.round(be.readyMs),
        serverWorks: problems.length === 0, problems: [...v.missing.slice(0, 5), ...v.halfWritten.slice(0, 5), ...problems],
      };
      rows.push(row);
      printRow(kind, row);
    }
    const restarts = rows.map((r) => r.restartMs).sort((a, b) => a - b);
    if (rows.some((r) => r.missing > 0)) failures.push('acknowledged writes missing');
    if (rows.some((r) => r.halfWritten > 0)) failures.push('half-written data');
    if (rows.some((r) => !r.serverWorks)) failures.push('server not working after a restart');
    if (ledger.errors.length) failures.push(`${ledger.errors.length} writes answered non-2xx (first: ${ledger.errors[0]!.status} ${ledger.errors[0]!.body})`);
    const slow = rows.filter((r) => r.restartMs >= RESTART_LIMIT_MS);
    if (slow.length) failures.push(`${slow.length} restart(s) took ${RESTART_LIMIT_MS} ms or more (cycles ${slow.map((r) => r.cycle).join(', ')})`);
    return {
      db: kind, entry: ENTRY, firstStartMs: Math.round(firstStartMs), rows,
      acknowledged: ledger.acknowledged, missing: Math.max(0, ...rows.map((r) => r.missing)), halfWritten: Math.max(0, ...rows.map((r) => r.halfWritten)),
      writeErrors: ledger.errors.slice(0, 20),
      restartMs: { min: restarts[0] ?? NaN, median: percentile(restarts, 50), max: restarts.at(-1) ?? NaN },
      counts: counts!, failures,
    };
  } finally {
    await be?.kill('SIGTERM');
    await scratch?.drop();
    if (failures.length === 0) fs.rmSync(runDir, { recursive: true, force: true });
    else console.error(`[drill] ${kind}: kept ${runDir} for inspection`);
  }
}

const HEADER = `${'db'.padEnd(8)} ${'cycle'.padStart(5)} ${'load ms'.padStart(7)} ${'acked'.padStart(7)} ${'+cycle'.padStart(6)} ${'in flight'.padStart(9)} ${'landed'.padStart(6)} ${'missing'.padStart(7)} ${'half'.padStart(5)} ${'restart ms'.padStart(10)}  works`;
let headerPrinted = false;
function printRow(db: string, r: Row): void {
  if (!headerPrinted) {
    console.log(HEADER);
    console.log('-'.repeat(HEADER.length));
    headerPrinted = true;
  }
  console.log(`${db.padEnd(8)} ${String(r.cycle).padStart(5)} ${String(r.loadMs).padStart(7)} ${String(r.acknowledged).padStart(7)} ${String(r.ackedThisCycle).padStart(6)} ${String(r.inFlight).padStart(9)} ${String(r.inFlightLanded).padStart(6)} ${String(r.missing).padStart(7)} ${String(r.halfWritten).padStart(5)} ${String(r.restartMs).padStart(10)}  ${r.serverWorks ? 'yes' : 'NO'}`);
  for (const p of r.problems) console.log(`         ! ${p}`);
}

async function main(): Promise<void> {
  if (ENTRY === 'dist') buildDist();
  const results: DbResult[] = [];
  for (const kind of DBS) results.push(await drill(kind));

  console.log('\nsummary');
  for (const r of results) {
    console.log(
      `  ${r.db.padEnd(8)} ${r.rows.length} cycles, ${r.acknowledged} acknowledged writes, ${r.missing} missing, ${r.halfWritten} half-written, ` +
        `${r.writeErrors.length} non-2xx; restart ms min ${r.restartMs.min} / median ${r.restartMs.median} / max ${r.restartMs.max} ` +
        `(entry ${r.entry}, first start ${r.firstStartMs} ms) — ${r.failures.length ? `FAIL: ${r.failures.join('; ')}` : 'PASS'}`,
    );
    console.log(`           at the last check: ${r.counts.gigs} gigs (${r.counts.paidGigs} paid), ${r.counts.payments} payments (${r.counts.completedPayments} completed), audit: ${r.counts.auditGigs} gig rows, ${r.counts.auditPayments} payment rows`);
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `crash-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({
    at: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
    settings: { cycles: CYCLES, clients: CLIENTS, entry: ENTRY, minLoadMs: MIN_LOAD_MS, maxLoadMs: MAX_LOAD_MS, restartLimitMs: RESTART_LIMIT_MS },
    results,
  }, null, 2));
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const failed = results.some((r) => r.failures.length > 0);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
