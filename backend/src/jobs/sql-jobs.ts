/**
 * A generic runner of scheduled SQL jobs, the way pg_cron runs them on hosted Supabase: every job
 * is a database function `schema.fn(p_now timestamptz)` named in configuration (SQL_JOBS, e.g.
 * `private.run_payment_timers@60`: every 60 s), called in a transaction of its own with the
 * runner's clock. The runner knows no table: what a job does, its lease and its idempotence live
 * in the database function (several backend instances may run the same job; the function decides
 * who does the work).
 *
 * @example
 *   const jobs = createSqlJobs(services, log, parseSqlJobs('private.run_payment_timers@60'), clock);
 *   jobs.start();          // main.ts; test backends never start the timer
 *   await jobs.runNow();   // every job once, now (tests and the development clock do this)
 *   await jobs.stop();
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { JobClock, JobResult, SqlJob, SqlJobs } from './sql-job-spec';

export { parseSqlJobs, type JobClock, type JobResult, type SqlJob, type SqlJobs } from './sql-job-spec';

export function createJobClock(base: () => number = Date.now): JobClock {
  let offset = 0;
  return { now: () => base() + offset, advance: (ms) => (offset += ms) };
}

/** Call one job's function once, at the clock's time. */
export async function runSqlJob(services: Services, job: SqlJob, at: Date): Promise<unknown> {
  const [schema, name] = job.fn.split('.') as [string, string];
  return services.db.transaction(async (tx) => (await tx.query<{ result: unknown }>(`select "${schema}"."${name}"($1::timestamptz) as result`, [at.toISOString()])).rows[0]?.result);
}

/** The jobs, with `clock`'s time as their p_now; nothing runs before start() or runNow(). */
export function createSqlJobs(services: Services, log: FastifyBaseLogger, jobs: SqlJob[], clock: JobClock): SqlJobs {
  const lastRun = new Map<string, number>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const round = (force: boolean): Promise<JobResult[]> => {
    const run = chain.then(async () => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        if (!force && Date.now() - (lastRun.get(job.fn) ?? 0) < job.everySeconds * 1000) continue;
        lastRun.set(job.fn, Date.now());
        try {
          const result = await runSqlJob(services, job, new Date(clock.now()));
          results.push({ fn: job.fn, ok: true, result });
          log.debug({ job: job.fn, result }, 'sql job ran');
        } catch (error) {
          results.push({ fn: job.fn, ok: false, error: (error as Error).message });
          log.error({ err: error, job: job.fn }, 'sql job failed; it runs again at its next time');
        }
      }
      return results;
    });
    chain = run.catch(() => undefined);
    return run;
  };

  return {
    clock,
    start() {
      if (timer || !jobs.length) return;
      timer = setInterval(() => void round(false), Math.max(1000, Math.min(...jobs.map((j) => j.everySeconds * 1000), 60_000)));
      timer.unref();
    },
    runNow: () => round(true),
    async stop() {
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
