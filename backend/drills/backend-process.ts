/**
 * The real backend as a child process, for the crash drill and the load benchmark: build the
 * bundled entry, spawn it on a port with an environment, wait until /health answers (timed from
 * the spawn), kill it (SIGKILL for the drill, SIGTERM to stop), and scratch PostgreSQL databases.
 * Every process started here is remembered and killed when the script exits, whatever happens.
 *
 * @example
 *   const be = await startBackend({ entry: 'dist', env: { DATA_DIR: dir }, port, logFile });
 *   console.log(be.readyMs); // spawn → /health 200
 *   await be.kill('SIGKILL');
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BACKEND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How the backend is started: `dist` = the bundle `pnpm --filter backend build` writes
 * (backend/dist/main.js, plain node, no TypeScript loader), `tsx` = `node --import tsx src/main.ts`
 * as `pnpm --filter backend start` does.
 */
export type Entry = 'dist' | 'tsx';

export function entryArgs(entry: Entry): string[] {
  return entry === 'dist' ? [path.join(BACKEND_DIR, 'dist', 'main.js')] : ['--import', 'tsx', path.join(BACKEND_DIR, 'src', 'main.ts')];
}

/** Bundle the backend (esbuild, ~0.1 s) so the drill measures the entry it restarts. */
export function buildDist(): void {
  const r = spawnSync('pnpm', ['run', '--silent', 'build'], { cwd: BACKEND_DIR, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`pnpm --filter backend build failed (exit ${r.status})`);
}

const live = new Set<ChildProcess>();
function killAll(): void {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** GET /health with a short timeout: true on 200. */
export function healthy(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export interface BackendOptions {
  entry: Entry;
  port: number;
  /** Added to a clean environment (no inherited DATABASE_URL/DATA_DIR). */
  env: Record<string, string>;
  /** The backend's stdout and stderr are appended here. */
  logFile: string;
  /** Give up waiting for /health after this long. */
  timeoutMs?: number;
}

export interface Backend {
  pid: number;
  port: number;
  url: string;
  /** Spawn → first 200 from /health, in milliseconds. */
  readyMs: number;
  /** Send a signal and wait for the process to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Inherited variables the backend would otherwise pick up from the caller's shell. */
const BACKEND_VARS = /^(DATABASE_URL|DATA_DIR|PORT|HOST|LOG_LEVEL|NODE_ENV|JWT_|ANON_KEY|SERVICE_ROLE_KEY|RATE_LIMIT_|MAILER_|SMTP_|DB_)/;

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !BACKEND_VARS.test(k)) env[k] = v;
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(options.port), LOG_LEVEL: 'warn', NODE_ENV: 'development', ...options.env });
  const log = fs.openSync(options.logFile, 'a');
  const logStart = fs.fstatSync(log).size;
  const started = performance.now();
  const child = spawn(process.execPath, entryArgs(options.entry), { cwd: BACKEND_DIR, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    live.delete(child);
    resolve();
  }));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (gone) throw new Error(`backend exited before it was ready; log: ${options.logFile}\n${tail(options.logFile, logStart)}`);
    if (await healthy(options.port, 250)) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`backend not ready after ${options.timeoutMs ?? 60_000} ms; log: ${options.logFile}`);
    }
    await sleep(5);
  }
  const readyMs = performance.now() - started;
  return {
    pid: child.pid!,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    readyMs,
    async kill(signal) {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}

function tail(file: string, from: number): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(from).split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export { scratchDatabase } from '../src/db/scratch';

/** Percentile of an ascending array (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
