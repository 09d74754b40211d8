/**
 * Start a real backend (backend/src/main.ts) on a free port with its own data directory.
 * Global setup starts one for the whole run (see fixtures.ts `backend`); a spec that needs its own
 * (e.g. "backend down") can call startBackend() itself and stop() it.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, spawnBackend, waitUntilHealthy } from '../../scripts/backend-process.mjs';
import { ROOT, RUNTIME_DIR } from './paths';

// Spawning, the /health wait and free ports are shared with `pnpm start` and the backend's drills.
export { freePort };

export interface RunningBackend {
  url: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL database it runs on (E2E_DATABASE_URL mode), or null on PGlite. */
  databaseUrl: string | null;
  process: ChildProcess;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export const BACKEND_MAIN = path.join(ROOT, 'backend/src/main.ts');

export interface StartBackendOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Listen on this port (default: a free one) — to bring a stopped backend back where the page expects it. */
  port?: number;
  /** Reuse this data directory (default: a new one). `stop({ keepData: true })` keeps it. */
  dataDir?: string;
  /** Reuse this PostgreSQL database (E2E_DATABASE_URL mode; a stopped backend's `databaseUrl`). */
  databaseUrl?: string | null;
}

/**
 * Every browser of the suite reaches the backend from 127.0.0.1, so the per-IP auth limits (meant
 * for one client: 100 sign-ins per 5 minutes) count the whole suite as one visitor; a fast run
 * signs in more than that within one window and got 429s. The same holds for realtime's per-IP
 * sockets, joins and messages. Per-email limits stay as configured; the limits themselves are
 * tested in backend/test/auth and backend/test/realtime.
 */
const SUITE_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_IP: '100000',
  RATE_LIMIT_SIGN_UP_PER_IP: '100000',
  RATE_LIMIT_VERIFY_PER_IP: '100000',
  RATE_LIMIT_RECOVER_PER_IP: '100000',
  RATE_LIMIT_OTP_PER_IP: '100000',
  RATE_LIMIT_TOKEN_REFRESH_PER_IP: '100000',
  REALTIME_MAX_CONNECTIONS_PER_IP: '100000',
  REALTIME_MAX_JOINS_PER_SECOND: '100000',
  REALTIME_MAX_EVENTS_PER_SECOND: '100000',
};

/** The SQL a new database is migrated with: the platform's and the app's migrations. */
const MIGRATION_DIRS = [path.join(ROOT, 'backend/migrations'), path.join(ROOT, 'supabase/migrations')];

/** A hash of every migration file (names and contents): a template made from other SQL is not reused. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const dir of MIGRATION_DIRS) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite data directory with every migration applied, made once per set of migrations (the
 * global setup calls this before any spec runs). An empty database applies every migration at
 * start — 40 s under CI load — while a copy of this directory is ready in a few seconds; a
 * restart in a used directory (backend-down.spec.ts) works the same way, so a copy is an
 * ordinary start.
 */
export async function migratedTemplate(): Promise<string> {
  const dir = path.join(RUNTIME_DIR, `template-${migrationsFingerprint()}`);
  if (existsSync(dir)) return dir;
  mkdirSync(RUNTIME_DIR, { recursive: true });
  const scratch = mkdtempSync(path.join(RUNTIME_DIR, 'template-making-'));
  const backend = await launch({ port: await freePort(), dataDir: scratch, env: {}, timeoutMs: 300_000 });
  await backend.stop({ keepData: true }); // a clean stop releases the directory's lock
  for (const old of readdirSync(RUNTIME_DIR).filter((f) => f.startsWith('template-') && !f.startsWith('template-making-'))) rmSync(path.join(RUNTIME_DIR, old), { recursive: true, force: true });
  try {
    renameSync(scratch, dir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(dir)) throw error; // else another process made the same template first
  }
  return dir;
}

export async function startBackend({ env = {}, timeoutMs = Number(process.env.E2E_BACKEND_TIMEOUT_MS ?? 180_000), port: wanted, dataDir: reuse, databaseUrl: reuseDb }: StartBackendOptions = {}): Promise<RunningBackend> {
  if (!existsSync(BACKEND_MAIN)) throw new Error('backend/src/main.ts does not exist');
  const port = wanted ?? (await freePort());
  mkdirSync(RUNTIME_DIR, { recursive: true });
  let dataDir = reuse;
  let databaseUrl = reuseDb ?? null;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(RUNTIME_DIR, 'backend-'));
    if (PG_ADMIN) databaseUrl = await copyOfTemplateDatabase(PG_ADMIN);
    else cpSync(await migratedTemplate(), dataDir, { recursive: true });
  }
  return launch({ port, dataDir, databaseUrl, env, timeoutMs });
}

/**
 * With E2E_DATABASE_URL (an admin URL of a PostgreSQL server; `pnpm test` sets it from
 * TEST_DATABASE_URL) every backend of the run gets its own database, a CREATE DATABASE … TEMPLATE
 * copy of one migrated once per set of migrations. PGlite runs its SQL on the backend's own thread,
 * beside every HTTP request of both browsers; on PostgreSQL the same suite spends that time in the
 * server's processes. Without it, PGlite from the template directory, as `pnpm start` runs.
 */
const PG_ADMIN = process.env.E2E_DATABASE_URL || null;

async function asAdmin<T extends pg.QueryResultRow>(admin: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const withDatabase = (admin: string, name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();

/** The migrated template database of this set of migrations, made by a backend started on it once. */
async function templateDatabase(admin: string): Promise<string> {
  const name = `need40_e2e_template_${migrationsFingerprint()}`;
  const found = await asAdmin(admin, `select 1 from pg_database where datname = '${name}'`);
  if (found.length) return name;
  const making = `need40_e2e_making_${randomBytes(6).toString('hex')}`;
  await asAdmin(admin, `create database ${making}`);
  const scratch = mkdtempSync(path.join(RUNTIME_DIR, 'template-making-'));
  try {
    const backend = await launch({ port: await freePort(), dataDir: scratch, databaseUrl: withDatabase(admin, making), env: {}, timeoutMs: 300_000 });
    await backend.stop({ keepData: true });
    for (const { datname } of await asAdmin<{ datname: string }>(admin, "select datname from pg_database where datname like 'need40\\_e2e\\_template\\_%'")) {
      await asAdmin(admin, `drop database if exists ${datname} with (force)`);
    }
    await asAdmin(admin, `alter database ${making} rename to ${name}`);
  } catch (error) {
    await asAdmin(admin, `drop database if exists ${making} with (force)`);
    if (!(await asAdmin(admin, `select 1 from pg_database where datname = '${name}'`)).length) throw error; // else another run made it first
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return name;
}

let template: Promise<string> | null = null;
async function copyOfTemplateDatabase(admin: string): Promise<string> {
  template ??= templateDatabase(admin);
  const name = `need40_e2e_${randomBytes(6).toString('hex')}`;
  await asAdmin(admin, `create database ${name} template ${await template}`);
  return withDatabase(admin, name);
}

interface Launch {
  port: number;
  dataDir: string;
  databaseUrl?: string | null;
  env: Record<string, string>;
  timeoutMs: number;
}

async function launch({ port, dataDir, databaseUrl = null, env, timeoutMs }: Launch): Promise<RunningBackend> {
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const child = spawnBackend({ env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...SUITE_LIMITS, ...database, ...env } });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (keepData) return;
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && PG_ADMIN) await asAdmin(PG_ADMIN, `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  };
  try {
    await waitUntilHealthy(child, port, { timeoutMs, pollMs: 250, detail: () => output.slice(-4000) });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, databaseUrl, process: child, stop };
}
