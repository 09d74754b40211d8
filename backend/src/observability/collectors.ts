/**
 * Gauges read when Prometheus scrapes (cheaper than keeping them up to date):
 *   need40_db_pool_connections{state=total|idle}, need40_db_pool_waiting   the database pool
 *   need40_realtime_sockets, need40_realtime_channels                        open WebSockets, joined channels
 * The counters that change with events (requests, realtime deliveries and drops, job rounds) are
 * kept by the modules that see the events; an extension adds its own (the app server's outbox).
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

export function registerCollectors(app: FastifyInstance, metrics: Metrics): void {
  const { db } = app.services;
  metrics.gauge({
    name: 'need40_db_pool_connections',
    help: 'Database connections of this instance by state (PGlite: its one session).',
    labelNames: ['state'],
    collect() {
      const s = db.stats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  metrics.gauge({ name: 'need40_db_pool_waiting', help: 'Transactions waiting for a database connection (PGlite: for its session).', collect() { this.set(db.stats().waiting); } });
  metrics.gauge({ name: 'need40_realtime_sockets', help: 'Open /realtime/v1 WebSockets on this instance.', collect() { this.set(app.realtime.connections()); } });
  metrics.gauge({ name: 'need40_realtime_channels', help: 'Channels joined on this instance.', collect() { this.set(app.realtime.channels()); } });
}
