/**
 * SQL_JOBS as configuration (`schema.function@seconds, …` or `off`) and the runner's types
 * (jobs/sql-jobs.ts runs them). Its own module, importing nothing, so config.ts and services.ts
 * depend on nothing of the runner.
 */
export interface SqlJob {
  /** `schema.function`, lower-case identifiers only (it is written into SQL as quoted identifiers). */
  fn: string;
  everySeconds: number;
}

const JOB = /^([a-z_][a-z0-9_]{0,62})\.([a-z_][a-z0-9_]{0,62})@(\d{1,6})$/;

/** `schema.fn@seconds, …`, or `off` for none. Throws on anything else (config.ts reports it). */
export function parseSqlJobs(text: string): SqlJob[] {
  if (text.trim() === 'off') return [];
  return text.split(',').map((part) => {
    const m = JOB.exec(part.trim());
    if (!m || Number(m[3]) < 1) throw new Error(`"${part.trim()}" is not schema.function@seconds (lower-case names, 1 s or more)`);
    return { fn: `${m[1]}.${m[2]}`, everySeconds: Number(m[3]) };
  });
}


/** The time the jobs see: real time plus an offset only the development clock moves. */
export interface JobClock {
  now(): number;
  advance(ms: number): void;
}

export interface JobResult {
  fn: string;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface SqlJobs {
  readonly clock: JobClock;
  /** Start the timer: each job every `everySeconds` of real time. */
  start(): void;
  /** Run every job once now (rounds never overlap); returns what each answered. */
  runNow(): Promise<JobResult[]>;
  stop(): Promise<void>;
}

