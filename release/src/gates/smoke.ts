/**
 * Gate 3 — the smoke journey on the composed page with the candidate version: the e2e suite's
 * tests/releases/smoke.spec.ts, run with E2E_SMOKE=<remote>@<version> against a composed page
 * (global setup: the shell and the other remotes as built here, a backend) that serves this store;
 * the page runs the candidate through the QA override, exactly as a tester would see it.
 */
import { spawn } from 'node:child_process';
import { FolderStore } from '../store/folder';
import type { ReleaseStore } from '../store/types';
import { ROOT } from '../paths';
import type { GateResult } from './types';

export async function runSmoke(store: ReleaseStore, remote: string, version: string): Promise<GateResult> {
  if (!(store instanceof FolderStore)) {
    return { gate: 'smoke', passed: false, detail: 'the smoke journey serves a folder store; for a bucket, run it where the bucket is served (--skip-smoke records that you did)' };
  }
  const started = performance.now();
  const env = { ...process.env, E2E_RELEASE_STORE: store.root, E2E_SMOKE: `${remote}@${version}`, E2E_WORKERS: '1' };
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('pnpm', ['--filter', 'e2e', 'exec', 'playwright', 'test', 'tests/releases/smoke.spec.ts', '--reporter=line'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (c) => resolve({ code: c, output: out }));
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code === 0) return { gate: 'smoke', passed: true, detail: `the smoke journey passed with ${remote} ${version} on the composed page (${seconds} s)` };
  return { gate: 'smoke', passed: false, detail: `the smoke journey failed (${seconds} s):\n${output.trim().split('\n').slice(-25).join('\n')}` };
}
