/**
 * `pnpm bench:compose` — the composed page (shell + four remotes, Module Federation) against a
 * single bundle of the same source (bench/build-single.mjs), side by side in one run:
 *   - JS bytes transferred (gzip, Resource Timing encodedBodySize),
 *   - number of requests to the app's servers,
 *   - request chain before the first gig card: the longest run of strictly sequential requests
 *     (each starts after the previous one ended) that ends with the gigs REST call,
 *   - time to the first gig card (`#gigs article`) with an emulated 150 ms round trip
 *     (Chromium network emulation; the backend's answer is a fixed list delayed by 150 ms),
 * median of BENCH_RUNS (default 5) cold loads each. Prints a table, writes bench/results/compose.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startStaticServer } from '../../scripts/serve-static.mjs';
import { ensureBuilt } from '../helpers/build';
import { FIRST_SCREEN, REMOTES, ROOT, RUNTIME_DIR, distOf } from '../helpers/paths';
// @ts-expect-error -- plain ESM build helper without types
import { buildSingle } from './build-single.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RTT_MS = 150;
const BACKEND = 'http://127.0.0.1:9';

interface Sample {
  jsFiles: string[];
  jsBytes: number;
  requests: number;
  chain: number;
  chainUrls: string[];
  timeToFirstGigMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function gigRows(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    user_id: '00000000-0000-4000-8000-0000000000aa',
    title: `Bench gig ${i + 1}`,
    description: 'A gig used by the composition benchmark.',
    payment_type: 'fixed',
    rate: 600,
    hours: 40,
    location: 'remote',
    skills: ['react', 'typescript'],
    worker_rate: 570,
    platform_fee: 30,
    payment_id: null,
    status: 'active',
    created_at: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    profiles: { username: 'bench', avatar_url: null },
  }));
}

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT_MS, downloadThroughput: -1, uploadThroughput: -1 });
  // The backend: a fixed answer one round trip later (route-fulfilled requests skip emulation).
  await page.route(`${BACKEND}/**`, async (route) => {
    await new Promise((r) => setTimeout(r, RTT_MS));
    const u = new URL(route.request().url());
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' } });
    const rows = u.pathname.endsWith('/gigs') ? gigRows(6) : [];
    return route.fulfill({
      status: 200,
      json: rows,
      headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-range', 'content-range': `0-${Math.max(rows.length - 1, 0)}/${rows.length}` },
    });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __firstGig?: number };
    new MutationObserver((_, obs) => {
      if (document.querySelector('#gigs article')) {
        w.__firstGig = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForSelector('#gigs article', { timeout: 60_000 });
  await page.waitForTimeout(300);
  const result = await page.evaluate((backend) => {
    const w = window as unknown as { __firstGig: number };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const app = resources.filter((r) => !r.name.startsWith(backend));
    const js = app.filter((r) => new URL(r.name).pathname.endsWith('.js'));
    const gigsCall = resources.find((r) => r.name.startsWith(backend) && new URL(r.name).pathname.endsWith('/gigs'));
    // Longest chain of strictly sequential requests ending with the gigs call.
    const all = [{ name: nav.name, startTime: 0, responseEnd: nav.responseEnd }, ...resources.map((r) => ({ name: r.name, startTime: r.startTime, responseEnd: r.responseEnd }))];
    all.sort((a, b) => a.startTime - b.startTime);
    const best = new Map<(typeof all)[number], { n: number; path: string[] }>();
    for (const r of all) {
      let b = { n: 1, path: [r.name] };
      for (const [p, v] of best) if (p.responseEnd <= r.startTime + 1 && v.n + 1 > b.n) b = { n: v.n + 1, path: [...v.path, r.name] };
      best.set(r, b);
    }
    const target = gigsCall ? all.find((r) => r.name === gigsCall.name) : undefined;
    const chain = target ? best.get(target)! : { n: NaN, path: [] };
    return {
      jsFiles: js.map((r) => `${r.encodedBodySize}\t${r.name}`),
      jsBytes: js.reduce((s, r) => s + r.encodedBodySize, 0),
      requests: app.length + 1,
      chain: chain.n,
      chainUrls: chain.path,
      timeToFirstGigMs: w.__firstGig,
    };
  }, BACKEND);
  await context.close();
  return result;
}

async function main() {
  ensureBuilt();
  const runDir = path.join(RUNTIME_DIR, 'bench');
  mkdirSync(runDir, { recursive: true });
  console.log('building the single bundle …');
  const singleDir: string = await buildSingle(path.join(runDir, 'single'));
  const config = path.join(runDir, 'config.json');
  writeFileSync(config, JSON.stringify({ supabaseUrl: BACKEND, supabaseAnonKey: 'bench', siteUrl: 'http://127.0.0.1', paypalMeUrl: 'https://paypal.me/need40' }));

  const servers = [];
  const remotes: Record<string, string> = {};
  for (const name of REMOTES) {
    const s = await startStaticServer({ root: distOf(name), port: 0, files: { '/config.json': config } });
    servers.push(s);
    remotes[name] = `http://127.0.0.1:${s.port}/mf-manifest.json`;
  }
  const remotesFile = path.join(runDir, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify({ remotes, firstScreen: FIRST_SCREEN, loadTimeoutMs: 30000, retries: 1 }));
  const composed = await startStaticServer({ root: distOf('shell'), port: 0, files: { '/config.json': config, '/remotes.json': remotesFile } });
  const single = await startStaticServer({ root: singleDir, port: 0, files: { '/config.json': config } });
  servers.push(composed, single);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const samples: Record<'composed' | 'single', Sample[]> = { composed: [], single: [] };
  try {
    for (let i = 0; i < RUNS; i += 1) {
      samples.composed.push(await measure(browser, `http://127.0.0.1:${composed.port}/`));
      samples.single.push(await measure(browser, `http://127.0.0.1:${single.port}/`));
      process.stdout.write(`run ${i + 1}/${RUNS}\r`);
    }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }

  const summary = (xs: Sample[]) => ({
    jsBytesGzip: median(xs.map((x) => x.jsBytes)),
    requests: median(xs.map((x) => x.requests)),
    chainBeforeFirstGig: median(xs.map((x) => x.chain)),
    timeToFirstGigMs: Math.round(median(xs.map((x) => x.timeToFirstGigMs))),
  });
  const c = summary(samples.composed);
  const s = summary(samples.single);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const rows = [
    ['JS bytes (gzip)', c.jsBytesGzip, s.jsBytesGzip, `${ratio(c.jsBytesGzip, s.jsBytesGzip)}×`, '≤ 1.10×'],
    ['requests', c.requests, s.requests, `${ratio(c.requests, s.requests)}×`, ''],
    ['request chain before first gig card', c.chainBeforeFirstGig, s.chainBeforeFirstGig, `+${c.chainBeforeFirstGig - s.chainBeforeFirstGig}`, '≤ +1'],
    [`time to first gig card @${RTT_MS} ms RTT (median of ${RUNS})`, `${c.timeToFirstGigMs} ms`, `${s.timeToFirstGigMs} ms`, `${ratio(c.timeToFirstGigMs, s.timeToFirstGigMs)}×`, '≤ 1.10×'],
  ];
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...[['metric', 'composed', 'single', 'ratio', 'goal'], ...rows].map((r) => String(r[i]).length)));
  const line = (r: unknown[]) => r.map((v, i) => String(v).padEnd(widths[i]!)).join('  ');
  console.log('\n' + line(['metric', 'composed', 'single', 'ratio', 'goal']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  if (process.env.BENCH_VERBOSE) {
    console.log('\ncomposed JS files (gzip bytes):\n' + samples.composed[0]?.jsFiles.join('\n'));
    console.log('\nsingle JS files (gzip bytes):\n' + samples.single[0]?.jsFiles.join('\n'));
  }
  console.log(`\ncomposed chain: ${samples.composed[0]?.chainUrls.map((u) => new URL(u).pathname).join(' → ')}`);
  console.log(`single chain:   ${samples.single[0]?.chainUrls.map((u) => new URL(u).pathname).join(' → ')}`);

  const outDir = path.join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, 'compose.json');
  writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), rttMs: RTT_MS, runs: RUNS, composed: c, single: s, samples }, null, 2));
  console.log(`\nwritten to ${path.relative(ROOT, out)}`);
}

await main();
