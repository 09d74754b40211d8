/**
 * Start a real backend (backend/src/main.ts) on a free port with its own data directory.
 * Global setup starts one for the whole run (see fixtures.ts `backend`); a spec that needs its own
 * (e.g. "backend down") can call startBackend() itself and stop() it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, RUNTIME_DIR } from './paths';

export interface RunningBackend {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export const BACKEND_MAIN = path.join(ROOT, 'backend/src/main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartBackendOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Listen on this port (default: a free one) — to bring a stopped backend back where the page expects it. */
  port?: number;
  /** Reuse this data directory (default: a new one). `stop({ keepData: true })` keeps it. */
  dataDir?: string;
}

export async function startBackend({ env = {}, timeoutMs = Number(process.env.E2E_BACKEND_TIMEOUT_MS ?? 60_000), port: wanted, dataDir: reuse }: StartBackendOptions = {}): Promise<RunningBackend> {
  if (!existsSync(BACKEND_MAIN)) throw new Error('backend/src/main.ts does not exist');
  const port = wanted ?? (await freePort());
  mkdirSync(RUNTIME_DIR, { recursive: true });
  const dataDir = reuse ?? mkdtempSync(path.join(RUNTIME_DIR, 'backend-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'backend'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return { url, port, dataDir, process: child, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`backend did not become healthy within ${timeoutMs} ms:\n${output.slice(-4000)}`);
}
