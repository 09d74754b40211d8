/**
 * The frame of a drill: named steps, each timed and recorded; cleanups run in reverse order
 * whatever happens (an error, Ctrl-C); a table and one JSON line at the end, with PASS or FAIL and
 * the load average; the JSON also goes to deploy/drills/results/<name>-<time>.json (gitignored).
 *
 * @example
 *   const drill = new Drill('deploy');
 *   const be = await drill.step('start the backends', () => start());
 *   drill.cleanup('stop the backends', () => be.stop());
 *   await drill.finish();   // exits 0 on PASS, 1 on FAIL
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface StepResult {
  step: string;
  ms: number;
  ok: boolean;
  detail?: unknown;
  error?: string;
}

export class Drill {
  private readonly steps: StepResult[] = [];
  private readonly cleanups: { what: string; run: () => Promise<void> | void }[] = [];
  private readonly started = performance.now();
  readonly figures: Record<string, unknown> = {};
  failed = false;

  constructor(readonly name: string) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${name}: ${signal}, cleaning up`);
        void this.runCleanups().finally(() => process.exit(130));
      });
    }
  }

  /** Run and time one step; a throw fails the drill (the step is recorded, then rethrown). */
  async step<T>(name: string, fn: () => Promise<T> | T, detail?: (value: T) => unknown): Promise<T> {
    const t = performance.now();
    process.stdout.write(`${this.name}: ${name} … `);
    try {
      const value = await fn();
      const ms = Math.round(performance.now() - t);
      const d = detail?.(value);
      this.steps.push({ step: name, ms, ok: true, ...(d === undefined ? {} : { detail: d }) });
      console.log(`ok (${ms} ms)${d === undefined ? '' : ` ${JSON.stringify(d)}`}`);
      return value;
    } catch (error) {
      const ms = Math.round(performance.now() - t);
      this.failed = true;
      this.steps.push({ step: name, ms, ok: false, error: String((error as Error).stack ?? error) });
      console.log(`FAILED (${ms} ms)\n${(error as Error).stack ?? error}`);
      throw error;
    }
  }

  /** A check that must hold; failing it fails the drill (as a step would). */
  check(what: string, ok: boolean, detail?: unknown): void {
    this.steps.push({ step: `check: ${what}`, ms: 0, ok, ...(detail === undefined ? {} : { detail }) });
    console.log(`${this.name}: check: ${what} … ${ok ? 'ok' : 'FAILED'}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`);
    if (!ok) this.failed = true;
  }

  cleanup(what: string, run: () => Promise<void> | void): void {
    this.cleanups.push({ what, run });
  }

  private async runCleanups(): Promise<void> {
    while (this.cleanups.length) {
      const { what, run } = this.cleanups.pop()!;
      try {
        await run();
      } catch (error) {
        console.error(`${this.name}: cleanup "${what}" failed: ${(error as Error).message}`);
      }
    }
  }

  /** Clean up, print the summary and exit (0 on PASS). */
  async finish(error?: unknown): Promise<never> {
    if (error) this.failed = true;
    await this.runCleanups();
    const result = {
      drill: this.name,
      result: this.failed ? 'FAIL' : 'PASS',
      seconds: Math.round(performance.now() - this.started) / 1000,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      cpus: os.cpus().length,
      at: new Date().toISOString(),
      figures: this.figures,
      steps: this.steps,
    };
    console.log(`\n${this.name}: steps`);
    for (const s of this.steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${String(s.ms).padStart(7)} ms  ${s.step}`);
    console.log(`\n${this.name}: ${result.result} in ${result.seconds} s (load average ${result.loadAverage.join(', ')} on ${result.cpus} cores)`);
    const dir = path.join(import.meta.dirname, '..', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${this.name.replace(/\W+/g, '-')}-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify({ ...result, steps: undefined, file }));
    process.exit(this.failed ? 1 : 0);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Poll `fn` until it returns a truthy value, or throw `what` after `timeoutMs`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 30_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await sleep(everyMs);
  }
}
