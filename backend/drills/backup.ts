/**
 * pnpm drill:backup — back up under write load, restore to a fresh instance, find nothing lost.
 * See docs/operations.md ("Backups").
 *
 * Per database, with the release's own tools (the bundle's cli/db-backup.js and cli/db-restore.js):
 *   PostgreSQL: a scratch database; restores go to a fresh PostgreSQL cluster made for the drill
 *     (initdb, its own port), which has none of our roles: the restore creates them.
 *   PGlite: a data directory; the backup is asked of the running backend (SIGUSR2), restores go to
 *     new directories.
 *   1. start the backend, sign up the users of the load, start the write load (drill:crash's);
 *   2. take a backup while it writes; keep writing a little, then stop;
 *   3. restore it, start a backend on the restore: every write acknowledged before the backup
 *      began is there, nothing is half-written, a user signs in and writes;
 *   4. with the load stopped, take a second backup and restore it: every table of the public,
 *      auth, private and migration schemas has the same row count and checksum as the source.
 * Exit code 1 on any difference. Ports: 4450 for the fresh cluster (DRILL_PORT_BASE=B: B, so that
 * engineers sharing a machine each keep to a range of their own) and free ports for backends.
 *
 *   pnpm drill:backup [--db=pglite,postgres] [--load-ms=4000] [--clients=6]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { Database } from '../src/db/types';
import { BACKEND_DIR, buildDist, freePort, scratchDatabase, sleep, startBackend, type Backend } from './backend-process';
import { freshCluster, type Cluster } from './fresh-cluster';
import { JsonClient } from './http-client';
import { Ledger, serverWorks, setup, signUp, verify, writeLoad, type User } from './write-load';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const LOAD_MS = Number(args['load-ms'] ?? 4000);
const CLIENTS = Math.max(3, Number(args.clients ?? 6));
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://need40_ci:need40_ci@127.0.0.1:5432/postgres';
const SCHEMAS = ['public', 'auth', 'private', 'need40_migrations'];
/** Writes acknowledged before the backup is taken: under that, the drill proves nothing. */
const MIN_ACKED = 30;
const CLUSTER_PORT = process.env.DRILL_PORT_BASE ? Number(process.env.DRILL_PORT_BASE) : 4450;

/** Row count and md5 of every row's text, per table of SCHEMAS. */
async function tableChecksums(db: Database): Promise<Map<string, string>> {
  return db.transaction(async (tx) => {
    const { rows: tables } = await tx.query<{ t: string }>(
      `select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = any($1) order by 1`,
      [SCHEMAS],
    );
    const sums = new Map<string, string>();
    for (const { t } of tables) {
      const { rows } = await tx.query<{ n: string; md5: string }>(`select count(*)::text as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as md5 from ${t} x`);
      sums.set(t, `${rows[0]!.n} rows, md5 ${rows[0]!.md5}`);
    }
    return sums;
  });
}

function compare(source: Map<string, string>, restored: Map<string, string>): string[] {
  const diff: string[] = [];
  for (const [t, s] of source) if (restored.get(t) !== s) diff.push(`${t}: source ${s}, restored ${restored.get(t) ?? 'missing'}`);
  for (const t of restored.keys()) if (!source.has(t)) diff.push(`${t}: only in the restore`);
  return diff;
}

/** Run a release tool of the bundle (cli/<name>.js) with `env`; its JSON line. */
function tool(name: string, env: Record<string, string>, ...toolArgs: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, [path.join(BACKEND_DIR, 'dist', 'cli', `${name}.js`), ...toolArgs], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

interface Result {
  db: string;
  acknowledged: number;
  ackedBeforeBackup: number;
  backup: Record<string, unknown>;
  restore: Record<string, unknown>;
  restoredStartMs: number;
  missing: number;
  halfWritten: number;
  quiescent: { tables: number; rows: number; differences: string[] };
  failures: string[];
}

/** What differs per database: where its backups restore to, and how the checksums are read. */
interface Target {
  sourceEnv: Record<string, string>;
  /** A fresh, empty target for the nth restore: the environment that names it. */
  restoreTarget(n: number): Promise<Record<string, string>>;
  /** Checksums of the source and of a restore (called once the backends are stopped). */
  checksums(env: Record<string, string>): Promise<Map<string, string>>;
  close(): Promise<void>;
}

async function postgresTarget(runDir: string): Promise<Target> {
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_drill_backup');
  let cluster: Cluster | undefined;
  try {
    cluster = await freshCluster(path.join(runDir, 'cluster'), CLUSTER_PORT);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  const fresh = cluster;
  const read = async (url: string) => {
    const db = await openPostgres(url, 1);
    try {
      return await tableChecksums(db);
    } finally {
      await db.close();
    }
  };
  return {
    sourceEnv: { DATABASE_URL: scratch.url },
    async restoreTarget(n) {
      return { DATABASE_URL: await fresh.createDatabase(`need40_restored_${n}`) };
    },
    checksums: (env) => read(env.DATABASE_URL!),
    async close() {
      await fresh.stop();
      await scratch.drop();
    },
  };
}

function pgliteTarget(runDir: string): Target {
  return {
    sourceEnv: { DATA_DIR: path.join(runDir, 'data') },
    restoreTarget: async (n) => ({ DATA_DIR: path.join(runDir, `restored-${n}`) }),
    async checksums(env) {
      const db = await openPglite(env.DATA_DIR!);
      try {
        return await tableChecksums(db);
      } finally {
        await db.close();
      }
    },
    close: async () => undefined,
  };
}

async function drill(kind: 'pglite' | 'postgres'): Promise<Result> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `need40-backup-${kind}-`));
  fs.chmodSync(runDir, 0o755); // the fresh cluster runs as the postgres user
  const target = kind === 'postgres' ? await postgresTarget(runDir) : pgliteTarget(runDir);
  const failures: string[] = [];
  const backends: Backend[] = [];
  const start = async (env: Record<string, string>, name: string) => {
    const be = await startBackend({ entry: 'dist', port: await freePort(), env: setup(env), logFile: path.join(runDir, `${name}.log`), timeoutMs: 180_000 });
    backends.push(be);
    return be;
  };
  try {
    const source = await start(target.sourceEnv, 'source');
    const setupClient = new JsonClient(source.url);
    const users: User[] = [];
    for (let i = 0; i < Math.ceil((CLIENTS * 2) / 3); i++) users.push(await signUp(setupClient, `backup${i}.${Date.now()}@example.com`, `backup-password-${i}`));
    setupClient.close();

    // 1–2. Back up in the middle of the load.
    const ledger = new Ledger();
    const client = new JsonClient(source.url, CLIENTS + 4);
    let stop = false;
    const load = writeLoad(client, users, ledger, 1, CLIENTS, () => stop);
    // The backup starts once the load has written something (and at least LOAD_MS / 2 in).
    const t0 = Date.now();
    while ((ledger.acknowledged < MIN_ACKED || Date.now() - t0 < LOAD_MS / 2) && Date.now() - t0 < 120_000) await sleep(100);
    const before = new Ledger();
    before.paidGigs = new Map(ledger.paidGigs);
    before.formGigs = new Map(ledger.formGigs);
    before.payments = new Map(ledger.payments);
    const backupFile = path.join(runDir, `under-load.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    const backup = tool('db-backup', target.sourceEnv, '--out', backupFile);
    await sleep(LOAD_MS / 2);
    stop = true;
    await load;
    client.close();
    if (before.acknowledged < MIN_ACKED) failures.push(`only ${before.acknowledged} writes before the backup (the load is too slow to test anything)`);
    if (ledger.errors.length) failures.push(`${ledger.errors.length} writes answered non-2xx (first: ${ledger.errors[0]!.status} ${ledger.errors[0]!.body})`);

    // 3. Restore it and start a backend on it.
    const restoredEnv = await target.restoreTarget(1);
    const restore = tool('db-restore', restoredEnv, backupFile);
    const restored = await start(restoredEnv, 'restored');
    const check = new JsonClient(restored.url);
    const v = await verify(check, before, 1);
    const problems = await serverWorks(check, users[0]!, new Ledger(), 1);
    check.close();
    if (v.missing.length) failures.push(`${v.missing.length} writes acknowledged before the backup are missing (${v.missing.slice(0, 3).join('; ')})`);
    if (v.halfWritten.length) failures.push(`half-written in the restore: ${v.halfWritten.slice(0, 3).join('; ')}`);
    if (problems.length) failures.push(`the restored backend does not work: ${problems.join('; ')}`);

    // 4. Quiescent: a second backup, restored, compared table by table with the source.
    const quietFile = path.join(runDir, `quiet.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    tool('db-backup', target.sourceEnv, '--out', quietFile);
    const quietEnv = await target.restoreTarget(2);
    tool('db-restore', quietEnv, quietFile);
    for (const be of backends.splice(0)) await be.kill('SIGTERM');
    const [sourceSums, restoredSums] = [await target.checksums(target.sourceEnv), await target.checksums(quietEnv)];
    const differences = compare(sourceSums, restoredSums);
    if (differences.length) failures.push(`the quiescent restore differs: ${differences.slice(0, 3).join('; ')}`);
    const rows = [...sourceSums.values()].reduce((n, s) => n + Number(s.split(' ')[0]), 0);
    return {
      db: kind,
      acknowledged: ledger.acknowledged,
      ackedBeforeBackup: before.acknowledged,
      backup,
      restore,
      restoredStartMs: Math.round(restored.readyMs),
      missing: v.missing.length,
      halfWritten: v.halfWritten.length,
      quiescent: { tables: sourceSums.size, rows, differences },
      failures,
    };
  } catch (error) {
    failures.push(String((error as Error).stack ?? error));
    throw error;
  } finally {
    for (const be of backends) await be.kill('SIGTERM');
    await target.close();
    if (failures.length === 0) fs.rmSync(runDir, { recursive: true, force: true });
    else console.error(`[drill] ${kind}: kept ${runDir} for inspection`);
  }
}

async function main(): Promise<void> {
  buildDist();
  const results: Result[] = [];
  for (const kind of DBS) {
    const r = await drill(kind);
    results.push(r);
    console.log(
      `${kind.padEnd(8)} backup under load: ${r.backup.bytes} bytes in ${r.backup.ms} ms (${r.backup.how}); ${r.acknowledged} writes acknowledged, ${r.ackedBeforeBackup} before the backup began, ` +
        `${r.missing} of those missing from the restore, ${r.halfWritten} half-written; restore ${r.restore.ms} ms` +
        `${kind === 'postgres' ? ` (roles created: ${JSON.stringify(r.restore.rolesCreated)})` : ''}, restored backend ready in ${r.restoredStartMs} ms; ` +
        `quiescent: ${r.quiescent.tables} tables, ${r.quiescent.rows} rows, ${r.quiescent.differences.length} differences — ${r.failures.length ? `FAIL: ${r.failures.join('; ')}` : 'PASS'}`,
    );
  }
  const dir = path.join(BACKEND_DIR, 'drills', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), loadavg: os.loadavg(), cpus: os.cpus().length, settings: { loadMs: LOAD_MS, clients: CLIENTS }, results }, null, 2));
  const failed = results.some((r) => r.failures.length);
  console.log(`drill:backup: ${failed ? 'FAIL' : 'PASS'} (load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}); results: ${path.relative(process.cwd(), file)}`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
