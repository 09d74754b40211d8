/**
 * A release and its backend processes, for the drills: build one with `pnpm release:build`, wait
 * for an instance's /health/ready, stop one as systemd would (SIGTERM), read its /metrics.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sleep } from './drill';

export const REPO = path.resolve(import.meta.dirname, '..', '..', '..');

export interface Release {
  dir: string;
  version: string;
  seconds: number;
}

/** `pnpm release:build --reuse-builds --out <dir>` of the repository at `repo` (this one by default). */
export function buildRelease(out: string, repo = REPO): Release {
  const stdout = execFileSync(process.execPath, [path.join(repo, 'deploy/release/build.mjs'), '--reuse-builds', '--out', out], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const last = JSON.parse(stdout.trim().split('\n').at(-1)!) as { version: string; seconds: number };
  return { dir: out, version: last.version, seconds: last.seconds };
}

export function httpGet(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

const tail = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-25).join('\n');
  } catch {
    return '';
  }
};

/** Milliseconds until GET /health/ready answers 200; throws (with the log's tail) if the process exits first. */
export async function readyAt(child: ChildProcess, port: number, logFile: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the backend on ${port} exited (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
    if ((await httpGet(port, '/health/ready')).status === 200) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`the backend on ${port} was not ready after ${timeoutMs} ms:\n${tail(logFile)}`);
    await sleep(200);
  }
}

/** SIGTERM (the backend finishes its requests), SIGKILL after 20 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export interface Metrics {
  text: string;
  /** The sum of every sample of a family (all labels). */
  sum(name: string): number;
}

export async function metricsOf(port: number, token: string): Promise<Metrics> {
  const { status, body } = await httpGet(port, '/metrics', { authorization: `Bearer ${token}` });
  if (status !== 200) throw new Error(`GET /metrics on ${port} answered ${status}`);
  return {
    text: body,
    sum: (name) =>
      body
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
        .reduce((acc, l) => acc + Number(l.slice(l.lastIndexOf(' ') + 1)), 0),
  };
}
