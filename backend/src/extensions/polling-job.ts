/**
 * A background job that runs `round` every `intervalMs` (rounds never overlap; the next one is
 * scheduled when one ends), counting its rounds in the metrics:
 *   need40_job_rounds_total{job,outcome}            rounds that finished ok or failed
 *   need40_job_last_round_timestamp_seconds{job}    when the job last finished a round (its pulse)
 * A round that throws is logged and counted; the job goes on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { BackgroundJob } from './types';

export function pollingJob<T>(services: Services, log: FastifyBaseLogger, name: string, intervalMs: number, round: () => Promise<T>): BackgroundJob {
  const m = services.metrics;
  const rounds = m.counter({ name: 'need40_job_rounds_total', help: 'Rounds of the background jobs of this instance, by job and outcome.', labelNames: ['job', 'outcome'] });
  const last = m.gauge({ name: 'need40_job_last_round_timestamp_seconds', help: 'When each background job last finished a round (unix seconds).', labelNames: ['job'] });
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let running = false;

  const once = (): Promise<T> => {
    const run = chain.then(async () => {
      try {
        const result = await round();
        rounds.inc({ job: name, outcome: 'ok' });
        return result;
      } catch (error) {
        rounds.inc({ job: name, outcome: 'failed' });
        log.error({ err: error, job: name }, `${name} round failed`);
        throw error;
      } finally {
        last.set({ job: name }, services.now() / 1000);
      }
    });
    chain = run.catch(() => undefined);
    return run;
  };
  const schedule = () => {
    if (running) timer = setTimeout(() => void once().catch(() => undefined).finally(schedule), intervalMs);
  };
  return {
    name,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    runOnce: once,
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}
