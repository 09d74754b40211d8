/**
 * What every route module may use, decorated on the Fastify instance as `app.services`. Its own
 * module so that route modules depend on this small type, not on app.ts (which composes them).
 */
import type { Config } from './config';
import type { Database } from './db/types';
import type { Metrics } from './observability/metrics';

export interface Services {
  config: Config;
  db: Database;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now: () => number;
  /** This app's Prometheus metrics (observability/metrics.ts): define a counter, then count. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
