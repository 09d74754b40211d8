/**
 * `pnpm bench:release` — how long shipping and rolling back one remote takes here (the figures of
 * docs/releasing.md), with a real page open:
 *   1. a composed page (this shell, the other remotes as built, no backend) over a release store
 *      of its own, environment `bench`, mf-campaign's own build promoted there first;
 *   2. a change to mf-campaign's source (a marker it sets on window; restored at the end), then
 *      `pnpm release mf-campaign --promote` — build, contract check, publish, the gates (the smoke
 *      journey in Playwright with its own backend, unless BENCH_SMOKE=0), the registry write —
 *      until the new version runs on the next load of the open page;
 *   3. `pnpm release:rollback campaign`: until the command has changed the registry, and until
 *      the first page load runs the previous version again.
 * Prints each figure, the load average, and one JSON line (bench/results/release.json).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { releaseStoreMounts, startStaticServer } from '../../scripts/serve-static.mjs';
import { ensureBuilt } from '../helpers/build';
import { FIRST_SCREEN, REMOTES, ROOT, distOf } from '../helpers/paths';

const SMOKE = process.env.BENCH_SMOKE !== '0';
const ENV = 'bench';
const SOURCE = path.join(ROOT, 'mf-campaign/src/app/Campaign.tsx');
const seconds = (ms: number) => Math.round(ms / 100) / 10;

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('pnpm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const lastJson = (out: string) => JSON.parse(out.trim().split('\n').filter((l) => l.startsWith('{')).at(-1) ?? '{}') as Record<string, unknown>;

async function campaignVersion(page: Page): Promise<string | null> {
  await page.waitForFunction(() => document.querySelector('[data-remote="campaign"]')?.getAttribute('data-remote-status') === 'ready', null, { timeout: 60_000 });
  return page.evaluate(() => /campaign@(\S+):/.exec(document.documentElement.dataset.release ?? '')?.[1] ?? null);
}

/** Reload until the page runs `version` (the registry is no-cache: the first reload after the change should). */
async function loadUntil(page: Page, version: string): Promise<number> {
  let loads = 0;
  for (;;) {
    loads += 1;
    await page.reload();
    if ((await campaignVersion(page)) === version) return loads;
    if (loads > 20) throw new Error(`the page still does not run ${version}`);
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const store = mkdtempSync(path.join(os.tmpdir(), 'need40-bench-release-'));
  const env = { RELEASE_STORE: store, RELEASE_ENV: ENV, RELEASE_ACTOR: 'bench' };
  const original = readFileSync(SOURCE, 'utf8');
  const servers: { close: () => void }[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const runtime = path.join(store, 'runtime');
    mkdirSync(runtime, { recursive: true });
    const remotes: Record<string, string> = {};
    for (const name of REMOTES) {
      const s = await startStaticServer({ root: distOf(name), port: 0 });
      servers.push(s);
      remotes[name] = `http://127.0.0.1:${s.port}/mf-manifest.json`;
    }
    writeFileSync(path.join(runtime, 'remotes.json'), JSON.stringify({ remotes, firstScreen: FIRST_SCREEN, registry: `/registry/${ENV}.json` }));
    writeFileSync(path.join(runtime, 'config.json'), JSON.stringify({ ...JSON.parse(readFileSync(path.join(ROOT, 'shell/public/config.json'), 'utf8')), supabaseUrl: 'http://127.0.0.1:9' }));
    const shell = await startStaticServer({ root: distOf('shell'), port: 0, files: { '/remotes.json': path.join(runtime, 'remotes.json'), '/config.json': path.join(runtime, 'config.json') }, mounts: releaseStoreMounts(store), cspExtraOrigins: ['http://127.0.0.1:*'] });
    servers.push(shell);

    // The version running before: mf-campaign's own build, promoted without the smoke journey.
    const first = await run(['release', 'campaign', '--from', distOf('campaign'), '--promote', '--skip-smoke'], env);
    if (first.code !== 0) throw new Error(first.out);
    const before = String(lastJson(first.out).version);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${shell.port}/#home`);
    if ((await campaignVersion(page)) !== before) throw new Error('the page does not run the first release');

    // Ship a change.
    writeFileSync(SOURCE, original.replace('export default function Campaign() {', `export default function Campaign() {\n  if (typeof window !== 'undefined') (window as unknown as Record<string, unknown>).__need40Bench = ${JSON.stringify(new Date().toISOString())};`));
    const t0 = performance.now();
    const shipped = await run(['release', 'campaign', '--promote', ...(SMOKE ? [] : ['--skip-smoke'])], env);
    const tCommand = performance.now();
    if (shipped.code !== 0) throw new Error(shipped.out);
    writeFileSync(SOURCE, original);
    const report = lastJson(shipped.out);
    const version = String(report.version);
    const loadsToNew = await loadUntil(page, version);
    const tLive = performance.now();

    // Roll it back.
    const t1 = performance.now();
    const rolled = await run(['release:rollback', 'campaign'], env);
    const tRegistry = performance.now();
    if (rolled.code !== 0) throw new Error(rolled.out);
    const loadsToOld = await loadUntil(page, before);
    const tRolledLive = performance.now();

    const load = os.loadavg().map((l) => l.toFixed(2));
    const figures = {
      releaseCommandSeconds: seconds(tCommand - t0),
      releaseSteps: report.timings,
      smokeJourney: SMOKE,
      releaseToLiveSeconds: seconds(tLive - t0),
      pageLoadsUntilNewVersion: loadsToNew,
      rollbackCommandSeconds: seconds(tRegistry - t1),
      rollbackCommandOwnSeconds: lastJson(rolled.out).seconds,
      rollbackToFirstPageLoadSeconds: seconds(tRolledLive - t1),
      pageLoadAfterRollbackSeconds: seconds(tRolledLive - tRegistry),
      pageLoadsUntilPreviousVersion: loadsToOld,
      loadAverage: load,
      cores: os.cpus().length,
    };
    console.log(`pnpm release mf-campaign --promote${SMOKE ? '' : ' --skip-smoke'}: ${figures.releaseCommandSeconds} s (steps: ${JSON.stringify(report.timings)})`);
    console.log(`  … to the new version on the open page's next load: ${figures.releaseToLiveSeconds} s (${loadsToNew} load)`);
    console.log(`pnpm release:rollback campaign: registry changed after ${figures.rollbackCommandSeconds} s (the command's own work ${figures.rollbackCommandOwnSeconds} s)`);
    console.log(`  … to the first page load running the previous version: ${figures.rollbackToFirstPageLoadSeconds} s (that load: ${figures.pageLoadAfterRollbackSeconds} s)`);
    console.log(`load average ${load.join(' ')} on ${figures.cores} cores`);
    mkdirSync(path.join(ROOT, 'e2e/bench/results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'e2e/bench/results/release.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(JSON.stringify(figures));
  } finally {
    writeFileSync(SOURCE, original);
    await browser.close();
    for (const s of servers) s.close();
    rmSync(store, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
