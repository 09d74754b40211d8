/**
 * GET /health: the process answers at once, whatever the database is busy with.
 *
 * Why: the probe (`select 1`) waits its turn like any request — behind the PGlite queue, or for a
 * free PostgreSQL connection — so under an attack or a burst it would answer late and a load
 * balancer would take a working instance out. The probe therefore races a short timer: when it
 * has not answered within PROBE_WAIT_MS, /health answers from the last probe that did (200 while
 * that is at most STALE_AFTER_MS old, with `"database_probe": "pending"`), and the probe keeps
 * running for the next call. One probe at a time: calls never pile probes up in the queue.
 * A probe that fails answers 503 at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/types';

/** How long /health waits for its probe before answering from the last known state. */
export const PROBE_WAIT_MS = 300;
/** A last success older than this no longer counts: the database is considered unavailable. */
export const STALE_AFTER_MS = 10_000;

export function registerHealth(app: FastifyInstance, db: Database): void {
  let lastOk = -Infinity;
  let inFlight: Promise<boolean> | undefined;
  const probe = () =>
    (inFlight ??= db
      .transaction((tx) => tx.query('select 1'), { readOnly: true })
      .then(
        () => {
          lastOk = performance.now();
          return true;
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'health check failed');
          return false;
        },
      )
      .finally(() => {
        inFlight = undefined;
      }));

  app.get('/health', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), PROBE_WAIT_MS)));
    const outcome = await Promise.race([probe(), waited]);
    clearTimeout(timer);
    if (outcome === true) return { status: 'ok', database: db.kind };
    if (outcome === 'pending' && performance.now() - lastOk <= STALE_AFTER_MS) {
      return { status: 'ok', database: db.kind, database_probe: 'pending' };
    }
    return reply.status(503).send({ status: 'unavailable', database: db.kind });
  });
}
