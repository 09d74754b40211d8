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
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BACKEND_DIR, freePort, healthy, spawnBackend, waitUntilHealthy, type Entry } from '../../scripts/backend-process.mjs';

// Spawning, the /health wait and free ports are shared with `pnpm start` and e2e.
export { BACKEND_DIR, freePort, healthy, type Entry };

/** Bundle the backend and the app server it loads (esbuild, ~0.1 s each) so the drill measures the entry it restarts. */
export function buildDist(): void {
  for (const pkg of ['backend', 'app-server']) {
    const r = spawnSync('pnpm', ['--filter', pkg, 'run', '--silent', 'build'], { cwd: BACKEND_DIR, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`pnpm --filter ${pkg} build failed (exit ${r.status})`);
  }
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
const BACKEND_VARS = /^(DATABASE_URL|DATA_DIR|PORT|HOST|LOG_LEVEL|NODE_ENV|JWT_|ANON_KEY|SERVICE_ROLE_KEY|RATE_LIMIT_|REALTIME_|MAILER_|SMTP_|DB_)/;

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !BACKEND_VARS.test(k)) env[k] = v;
  Object.assign(env, { HOST: '127.0.0.1', PORT: String(options.port), LOG_LEVEL: 'warn', NODE_ENV: 'development', ...options.env });
  const log = fs.openSync(options.logFile, 'a');
  const logStart = fs.fstatSync(log).size;
  const started = performance.now();
  // Killed with this script whatever happens (SIGKILL on exit, Ctrl-C or SIGTERM).
  const child = spawnBackend({ entry: options.entry, env, stdio: ['ignore', log, log], killOnExit: true });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readyMs = await waitUntilHealthy(child, options.port, {
    timeoutMs: options.timeoutMs ?? 60_000,
    pollMs: 5,
    since: started,
    detail: () => `log: ${options.logFile}\n${tail(options.logFile, logStart)}`,
  });
  return {
    pid: child.pid!,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    readyMs,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
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
