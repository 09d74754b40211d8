// The backend as a child process, for every script that starts one: `pnpm start`, the e2e global
// setup and specs, the drills and the load benchmark. Spawn it (`tsx` = backend/src/main.ts as
// `pnpm --filter backend start` runs it, `dist` = the esbuild bundle), wait until GET /health
// answers 200, find a free port. A plain module (no TypeScript, no workspace package) so both
// sides may import it: the backend's tools and e2e each stay inside their own lint zone.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const BACKEND_DIR = path.resolve(import.meta.dirname, '..', 'backend');

/** node arguments of an entry: `dist` (plain node, no loader) or `tsx` (the TypeScript sources). */
export function entryArgs(entry) {
  return entry === 'dist' ? [path.join(BACKEND_DIR, 'dist', 'main.js')] : ['--import', 'tsx', path.join(BACKEND_DIR, 'src', 'main.ts')];
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GET /health with a short timeout: true on 200. */
export function healthy(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

// Children whose owner asked for them to die with it (drills: a crashed script leaves no backend).
const owned = new Set();
let hooked = false;
function killOwned() {
  for (const child of owned) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', killOwned);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      killOwned();
      process.exit(130);
    });
  }
}

/**
 * Spawn the backend with exactly `env` (the caller merges process.env if it wants it) in
 * backend/. `killOnExit`: SIGKILL it when this process exits or is interrupted.
 */
export function spawnBackend({ entry = 'tsx', env, stdio = ['ignore', 'pipe', 'pipe'], killOnExit = false }) {
  const child = spawn(process.execPath, entryArgs(entry), { cwd: BACKEND_DIR, env, stdio });
  if (killOnExit) {
    hookExit();
    owned.add(child);
    child.once('exit', () => owned.delete(child));
  }
  return child;
}

/**
 * Poll /health until it answers 200. Resolves with the milliseconds since `since` (default: now);
 * rejects when the child exits first or after `timeoutMs` (the child is then killed).
 */
export async function waitUntilHealthy(child, port, { timeoutMs = 60_000, pollMs = 50, since = performance.now(), detail = () => '' } = {}) {
  const deadline = since + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`backend exited (${child.signalCode ?? child.exitCode}) before it was ready\n${detail()}`);
    if (await healthy(port, 250)) return performance.now() - since;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`backend not ready after ${timeoutMs} ms\n${detail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
