/**
 * `pnpm bench:accept` — how many requests one Accept on the dashboard causes. A poster's gig with
 * three applicants, the dashboard open on its applicants (every list read, the live channels
 * joined, the page quiet); then Accept, and every request the page sends to the backend until it
 * has been quiet for ACCEPT_QUIET_MS (default 3000) is counted, by method and path.
 * ACCEPT_BEFORE=<dir> measures another build first (a folder holding <package>/dist for the shell
 * and each remote, e.g. a copy of main's), over the same backend: before and after in one run.
 * A benchmark: nothing passes or fails. Prints a table and JSON.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBackend } from '../helpers/backend';
import { ensureBuilt } from '../helpers/build';
import { RUNTIME_DIR, distOf, packageOf } from '../helpers/paths';
import { signIn, type Backend } from '../helpers/users';
import { applyAs, createMember, postGig, uniqueTitle } from '../tests/marketplace/support';
import { ANON_KEY, HOST, serveComposed } from './composed-site';

const QUIET_MS = Number(process.env.ACCEPT_QUIET_MS ?? 3000);
const WORKERS = ['Ada Applicant', 'Ben Applicant', 'Cy Applicant'];

/** Resolves once no request to `origin` has started or ended for QUIET_MS (at most 60 s). */
function quiet(page: Page, origin: string): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, QUIET_MS);
    const hard = setTimeout(done, 60_000);
    const touch = (r: { url(): string }) => {
      if (!r.url().startsWith(origin)) return;
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    };
    page.on('request', touch);
    page.on('requestfinished', touch);
    function done() {
      clearTimeout(timer);
      clearTimeout(hard);
      page.off('request', touch);
      page.off('requestfinished', touch);
      resolve();
    }
  });
}

async function measure(label: string, distRoot: string | null, backend: Backend, runDir: string): Promise<Record<string, number>> {
  const poster = await createMember(backend, 'Paula Poster');
  const title = uniqueTitle('Accept bench');
  const gigId = await postGig(backend, poster, title);
  for (const name of WORKERS) await applyAs(backend, await createMember(backend, name), gigId, `Hello, ${name} here.`);

  mkdirSync(path.join(runDir, label), { recursive: true });
  const site = await serveComposed({ runDir: path.join(runDir, label), backendUrl: backend.url, siteUrl: `http://${HOST}:3000`, distOf: (app) => (distRoot ? path.join(distRoot, packageOf(app), 'dist') : distOf(app)) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await signIn(page, backend, poster);
    await page.goto(`${site.url}#dashboard`);
    const gigs = page.getByRole('region', { name: 'My gigs' });
    await gigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 120_000 });
    const ada = page.getByRole('listitem', { name: `Application from ${WORKERS[0]}` });
    await page.getByRole('listitem', { name: `Application from ${WORKERS[2]}` }).waitFor({ timeout: 60_000 });
    await quiet(page, backend.url);

    const counted: Record<string, number> = {};
    const count = (r: { url(): string; method(): string }) => {
      if (!r.url().startsWith(backend.url)) return;
      const key = `${r.method()} ${new URL(r.url()).pathname}`;
      counted[key] = (counted[key] ?? 0) + 1;
    };
    page.on('request', count);
    await ada.getByRole('button', { name: `Accept ${WORKERS[0]}` }).click();
    await ada.getByRole('button', { name: `Yes, accept ${WORKERS[0]}` }).click();
    await ada.locator('[data-application-status="accepted"]').waitFor({ timeout: 60_000 });
    await quiet(page, backend.url);
    page.off('request', count);
    return counted;
  } finally {
    await browser.close();
    await site.close();
  }
}

const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

async function main() {
  const before = process.env.ACCEPT_BEFORE ?? null;
  ensureBuilt();
  const runDir = path.join(RUNTIME_DIR, 'bench-accept');
  mkdirSync(runDir, { recursive: true });
  const running = await startBackend({ timeoutMs: 240_000, env: { LOG_LEVEL: 'warn' } });
  const backend = { url: running.url, anonKey: ANON_KEY };
  try {
    const runs: Record<string, Record<string, number>> = {};
    if (before) runs.before = await measure('before', before, backend, runDir);
    runs.after = await measure('after', null, backend, runDir);
    for (const [label, c] of Object.entries(runs)) {
      console.log(`\n${label}: ${total(c)} requests after one Accept`);
      for (const [k, n] of Object.entries(c).sort()) console.log(`  ${String(n).padStart(3)}  ${k}`);
    }
    console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(JSON.stringify({ requestsPerAccept: Object.fromEntries(Object.entries(runs).map(([k, c]) => [k, { total: total(c), byPath: c }])), loadavg: os.loadavg() }));
  } finally {
    await running.stop();
  }
}

await main();
