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
import { BACKEND_DIR, buildDist, freePort, percentile, scratchDatabase, sleep, startBackend, type Backend, type Entry } from './backend-process';
import { JsonClient } from './http-client';
import { Ledger, serverWorks, setup, signUp, verify, writeLoad, type User, type Verification } from './write-load';

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
      const load = writeLoad(client, users, ledger, cycle, CLIENTS);
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
