/**
 * `pnpm bench:lighthouse` — Lighthouse on the composed page (shell + four remotes over a real
 * backend) and on the single bundle of the same source, mobile and desktop, median of
 * LIGHTHOUSE_RUNS (default 3) each. Prints the medians side by side, writes
 * bench/results/lighthouse.json (every run's figures too). LIGHTHOUSE_TARGETS=composed (or single)
 * and LIGHTHOUSE_FORMS=mobile (or desktop) narrow the run. A benchmark: nothing here passes or fails.
 * LIGHTHOUSE_REPORTS=1 also keeps every run's full report in bench/results/lighthouse/.
 * "CPU index" is Lighthouse's benchmarkIndex: on a busy machine it drops and TBT and the score with
 * it, so compare runs only at similar indexes. LIGHTHOUSE_TARGETS may add `floor`: the shell's first
 * HTML without any script (lighthouse-site.ts), the TBT this machine's Chromium costs on any page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/paths';
import { audit, launchChrome, type Figures, type FormFactor } from './lighthouse-run';
import { startSite } from './lighthouse-site';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const pick = <T extends string>(env: string | undefined, all: readonly T[]) => (env ? all.filter((x) => env.split(',').includes(x)) : [...all]);
// LIGHTHOUSE_SHELL_B=<dir>: also "shell-b", another build of the shell (e.g. main's) over the same
// remotes and backend, audited in turn with the others: a before/after at the same machine load.
const SHELL_B = process.env.LIGHTHOUSE_SHELL_B;
// LIGHTHOUSE_SITE_B=<dir>: also "site-b", another build of the whole page (<dir>/<package>/dist for
// the shell and each remote, e.g. an older commit's worktree) over the same backend.
const SITE_B = process.env.LIGHTHOUSE_SITE_B;
const ALL_TARGETS = ['composed', 'shell-b', 'site-b', 'single', 'floor'] as const;
const TARGETS = process.env.LIGHTHOUSE_TARGETS
  ? pick(process.env.LIGHTHOUSE_TARGETS, ALL_TARGETS)
  : ALL_TARGETS.filter((t) => t !== 'floor' && (t !== 'shell-b' || SHELL_B) && (t !== 'site-b' || SITE_B));
const FORMS = pick(process.env.LIGHTHOUSE_FORMS, ['mobile', 'desktop'] as const);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

type Key = `${(typeof TARGETS)[number]} ${FormFactor}`;
const METRICS: [keyof Omit<Figures, 'lcpElement' | 'largestShift'>, string][] = [
  ['performance', 'performance'], ['lcpMs', 'LCP ms'], ['tbtMs', 'TBT ms'], ['cls', 'CLS'],
  ['fcpMs', 'FCP ms'], ['siMs', 'SI ms'], ['bytes', 'bytes'], ['benchmarkIndex', 'CPU index'],
];

function summarise(runs: Figures[]) {
  const out: Record<string, number | string> = {};
  for (const [k] of METRICS) out[k] = median(runs.map((r) => r[k]));
  out.performanceRange = `${Math.min(...runs.map((r) => r.performance))}–${Math.max(...runs.map((r) => r.performance))}`;
  out.lcpElement = runs[0]?.lcpElement ?? '';
  out.largestShift = runs[0]?.largestShift ?? '';
  return out;
}

/** Lighthouse sometimes loses the trace's start on a busy machine (NO_NAVSTART: "run again"): once more. */
async function auditWithRetry(...args: Parameters<typeof audit>) {
  try {
    return await audit(...args);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    console.warn('Lighthouse lost the trace (NO_NAVSTART); running that audit again');
    return audit(...args);
  }
}

async function main() {
  const reportsDir = process.env.LIGHTHOUSE_REPORTS === '1' ? path.join(ROOT, 'bench/results/lighthouse') : undefined;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const site = await startSite({ single: TARGETS.includes('single') });
  const shellB = SHELL_B ? await site.serveShell(SHELL_B) : undefined;
  const siteB = SITE_B ? await site.serveSite(SITE_B) : undefined;
  const chrome = await launchChrome();
  const runs = {} as Record<Key, Figures[]>;
  try {
    for (let i = 0; i < RUNS; i += 1) {
      for (const form of FORMS) {
        for (const target of TARGETS) {
          const key: Key = `${target} ${form}`;
          const url = { composed: site.composedUrl, 'shell-b': shellB!, 'site-b': siteB!, single: site.singleUrl, floor: site.floorUrl }[target];
          const saveAs = reportsDir ? path.join(reportsDir, `${target}-${form}-${i + 1}.json`) : undefined;
          (runs[key] ??= []).push(await auditWithRetry(chrome.port, url, form, saveAs));
          process.stdout.write(`run ${i + 1}/${RUNS} ${key}: ${runs[key].at(-1)!.performance}\n`);
        }
      }
    }
  } finally {
    await chrome.kill();
    await site.close();
  }

  const keys = Object.keys(runs) as Key[];
  const summary = Object.fromEntries(keys.map((k) => [k, summarise(runs[k])]));
  const rows = METRICS.map(([k, label]) => [label, ...keys.map((key) => String(summary[key]![k]))]);
  rows.push(['perf. range', ...keys.map((key) => String(summary[key]!.performanceRange))]);
  const head = [`median of ${RUNS}`, ...keys];
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((v, i) => (i ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log('\n' + line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const key of keys) console.log(`${key}: LCP element ${summary[key]!.lcpElement}; largest shift ${summary[key]!.largestShift}`);

  const outDir = path.join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, 'lighthouse.json');
  writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), runs: RUNS, summary, samples: runs }, null, 2));
  console.log(`\nwritten to ${path.relative(ROOT, out)}`);
}

await main();
