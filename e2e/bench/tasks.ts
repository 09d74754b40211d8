/**
 * `pnpm bench:tasks` — where the first screen's main thread goes, in a form that a busy machine
 * disturbs little: the composed page and the single bundle (lighthouse-site.ts) loaded in Chromium
 * without throttling and traced; each main-thread task is counted as its thread CPU time × 4, which
 * is how Lighthouse's mobile simulation scales what it observes (time the OS gave to other
 * processes is not counted, unlike wall time). Prints per page every task over 50 ms with what ran
 * in it (scripts by URL, renders, layout), their sum over 50 ms (a "TBT" without the simulation's
 * network model) and the main thread's busy time, median of TASKS_RUNS (default 3).
 * TASKS_SHELL_B=<dir> adds another build of the shell over the same remotes (before/after in one
 * run), TASKS_SITE_B=<dir> another build of the whole page (`<dir>/<package>/dist`, e.g. an older
 * commit's worktree), TASKS_SINGLE=0 leaves the single bundle out, TASKS_PROFILE=1 names the functions behind each long task of the first run.
 * A benchmark: nothing passes or fails.
 */
import { chromium, type CDPSession } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../helpers/paths';
import { startSite } from './lighthouse-site';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown>; name?: string } }

const RUNS = Number(process.env.TASKS_RUNS ?? 3);
const SLOWDOWN = 4;
/** Tasks listed (TASKS_LIST_OVER_MS, default 50: Lighthouse's long tasks); blocking time counts those over 50 ms. */
const LIST_OVER_MS = Number(process.env.TASKS_LIST_OVER_MS ?? 50);

async function trace(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', '__metadata'] } } as never);
  await load();
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const url = typeof d.url === 'string' ? d.url.replace(/^https?:\/\/[^/]+/, (o) => `:${o.split(':').pop()}`) : '';
  if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule') return `${e.name} ${url}`;
  if (e.name === 'FunctionCall') return `FunctionCall ${String(d.functionName ?? '') || '(anon)'} ${url}`;
  return e.name;
}

/** A task's cost as Lighthouse's mobile simulation counts it: the thread's CPU time × 4. */
const cost = (e: TraceEvent) => ((e.tdur ?? e.dur ?? 0) * SLOWDOWN) / 1000;

function analyse(events: TraceEvent[], url: string) {
  // The page's renderer: the main thread that parsed `url`. Not simply the busiest one: Chromium 156
  // starts a WebUI renderer of its own (chrome://omnibox-popup.top-chrome, ~1 s of CPU) with the
  // first page of a browser, and that one was measured instead of the page.
  const origin = new URL(url).origin;
  const parsed = (m: TraceEvent) => events.some((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'ParseHTML' && String((e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url ?? '').startsWith(origin));
  const work = (m: TraceEvent) => events.reduce((s, e) => (e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask' ? s + (e.dur ?? 0) : s), 0);
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.find(parsed) ?? mains.sort((a, b) => work(b) - work(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const nav = own.find((e) => e.name === 'ParseHTML')?.ts ?? own[0]!.ts;
  // From the navigation on (a new renderer's own set-up task comes before it). The task that holds
  // ParseHTML starts a little before it and is the page's first task: it counts (Lighthouse sees it).
  const tasks = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 0 && e.ts + (e.dur ?? 0) > nav);
  const busy = tasks.reduce((s, t) => s + cost(t), 0);
  const long = tasks.filter((t) => cost(t) > LIST_OVER_MS).map((t) => {
    const inside = own.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && cost(e) > 10);
    const what = new Map<string, number>();
    for (const e of inside) if (/EvaluateScript|FunctionCall|v8.compile|ParseHTML|Layout|UpdateLayoutTree|TimerFire|FireAnimationFrame|ParseAuthorStyleSheet|MajorGC|MinorGC|Paint|EventDispatch|RunMicrotasks/.test(e.name)) what.set(label(e), Math.max(what.get(label(e)) ?? 0, cost(e)));
    const top = [...what.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${Math.round(v)}`);
    return { at: Math.round((t.ts - nav) / 1000), wallMs: (t.dur ?? 0) / 1000, ms: Math.round(cost(t)), top };
  });
  const over50 = long.filter((t) => t.ms > 50);
  return { busy: Math.round(busy), blocking: over50.reduce((s, t) => s + t.ms - 50, 0), longTasks: over50.length, long };
}

interface Profile { nodes: { id: number; parent?: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** TASKS_PROFILE=1: for each long task of the first run, the functions that held it (inclusive samples). */
function attribute(profile: Profile, events: TraceEvent[], long: { at: number; wallMs: number; ms: number }[]) {
  const nav = events.find((e) => e.name === 'ParseHTML')?.ts ?? 0;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime;
  const samples = profile.samples.map((id, k) => ({ id, at: (t += profile.timeDeltas[k]!) }));
  for (const task of long) {
    const from = nav + task.at * 1000, to = from + task.wallMs * 1000;
    const incl = new Map<string, number>();
    for (const s of samples) {
      if (s.at < from || s.at > to) continue;
      const seen = new Set<string>();
      for (let id: number | undefined = s.id; id !== undefined; id = parent.get(id)) {
        const f = byId.get(id)!.callFrame;
        if (!f.url && !f.functionName) continue;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        if (!seen.has(key)) incl.set(key, (incl.get(key) ?? 0) + 1);
        seen.add(key);
      }
    }
    const top = [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14);
    console.log(`task @${task.at} ${task.ms} ms:\n    ${top.map(([k, v]) => `${v} ${k}`).join('\n    ')}`);
  }
}

async function main() {
  const site = await startSite({ single: process.env.TASKS_SINGLE !== '0' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  try {
    const pages: [string, string][] = [['composed', site.composedUrl]];
    // TASKS_SHELL_B=<dir>: also a second build of the shell (e.g. main's) over the same remotes.
    if (process.env.TASKS_SHELL_B) pages.push(['composed (shell B)', await site.serveShell(process.env.TASKS_SHELL_B)]);
    if (process.env.TASKS_SITE_B) pages.push(['composed (site B)', await site.serveSite(process.env.TASKS_SITE_B)]);
    if (process.env.TASKS_SINGLE !== '0') pages.push(['single', site.singleUrl]);
    // Runs alternate between the pages, so a change in the machine's load falls on all of them.
    const runs = new Map<string, ReturnType<typeof analyse>[]>(pages.map(([name]) => [name, []]));
    for (let i = 0; i < RUNS; i += 1) {
      for (const [name, url] of pages) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        const profiling = process.env.TASKS_PROFILE === '1' && i === 0;
        if (profiling) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const events = await trace(cdp, async () => {
          await page.goto(url, { waitUntil: 'load' });
          // A fixed wait, not a locator: Playwright's injected script would show up as main-thread work.
          await page.waitForTimeout(Number(process.env.TASKS_WAIT_MS ?? 7_000));
        });
        const result = analyse(events, url);
        if (profiling) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
          console.log(`\n${name}, first run:`);
          attribute(profile, events, result.long);
        }
        runs.get(name)!.push(result);
        await context.close();
      }
    }
    const summary: Record<string, { busyMs: number; blockingMs: number; longTasks: number }> = {};
    for (const [name, rs] of runs) {
      summary[name] = { busyMs: median(rs.map((r) => r.busy)), blockingMs: median(rs.map((r) => r.blocking)), longTasks: median(rs.map((r) => r.longTasks)) };
      console.log(`\n${name}: busy ${summary[name].busyMs} ms, blocking ${summary[name].blockingMs} ms, long tasks ${summary[name].longTasks} (median of ${RUNS}; blocking/long tasks per run: ${rs.map((r) => `${r.blocking}/${r.longTasks}`).join(', ')})`);
      for (const t of rs[0]!.long) console.log(`  @${t.at} ${t.ms} ms: ${t.top.join(' | ')}`);
    }
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'tasks.json'), JSON.stringify({ at: new Date().toISOString(), slowdown: SLOWDOWN, runs: RUNS, loadAverage: os.loadavg()[0], summary, perRun: Object.fromEntries(runs) }, null, 2));
    console.log(`written to bench/results/tasks.json (load average ${(os.loadavg()[0] ?? 0).toFixed(1)})`);
  } finally {
    await browser.close();
    await site.close();
  }
}

void main();
