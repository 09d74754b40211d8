/**
 * The development clock (DEV_CLOCK=true; refused in production): lets a test on this machine move
 * the time the SQL jobs see — e.g. past a deal's auto-release date — and run them at once.
 *   GET  /_dev/clock                      { now }
 *   POST /_dev/clock { "advance_ms": n }  moves the jobs' clock n ms forward, runs every job: { now, results }
 * Only the jobs' clock moves: tokens, sessions and rate limits keep real time. Loopback only
 * (http/loopback.ts), no CORS (app.ts); anyone else gets the root's 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isLoopbackRequest } from '../http/loopback';
import type { SqlJobs } from './sql-jobs';

const MAX_ADVANCE_MS = 400 * 24 * 3600 * 1000;

export function devClockRoutes(jobs: SqlJobs): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackRequest(request)) {
        reply.callNotFound();
        return reply;
      }
    });
    app.get('/_dev/clock', async () => ({ now: new Date(jobs.clock.now()).toISOString() }));
    app.post('/_dev/clock', async (request) => {
      const ms = (request.body as { advance_ms?: unknown } | undefined)?.advance_ms;
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
        // The root's error handler answers it as 400 bad_request (http/platform-error.ts).
        throw Object.assign(new Error(`advance_ms must be a whole number of milliseconds from 0 to ${MAX_ADVANCE_MS}`), { statusCode: 400 });
      }
      jobs.clock.advance(ms);
      return { now: new Date(jobs.clock.now()).toISOString(), results: await jobs.runNow() };
    });
  };
}
