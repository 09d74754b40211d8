/**
 * Gauges read when Prometheus scrapes (cheaper than keeping them up to date):
 *   need40_db_pool_connections{state=total|idle}, need40_db_pool_waiting   the database pool
 *   need40_realtime_sockets, need40_realtime_channels                        open WebSockets, joined channels
 *   need40_outbox_pending, need40_outbox_given_up, need40_outbox_lag_seconds the notification outbox
 * The counters that change with events (requests, realtime deliveries and drops, outbox sends and
 * failures, job rounds) are kept by the modules that see the events.
 */
import type { FastifyInstance } from 'fastify';
import { outboxBacklog } from '../notifications/outbox';
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

  // One query serves the three outbox gauges of a scrape.
  let backlog: ReturnType<typeof outboxBacklog> | undefined;
  const read = () => (backlog ??= outboxBacklog(db).finally(() => setTimeout(() => (backlog = undefined), 1000).unref()));
  metrics.gauge({ name: 'need40_outbox_pending', help: 'Notification emails not delivered yet (the whole outbox, all instances).', async collect() { this.set((await read()).pending); } });
  metrics.gauge({ name: 'need40_outbox_given_up', help: 'Notification emails given up after the last attempt.', async collect() { this.set((await read()).givenUp); } });
  metrics.gauge({ name: 'need40_outbox_lag_seconds', help: 'How long the oldest due notification has waited past its time: the deliverer\'s lag.', async collect() { this.set((await read()).lagSeconds); } });
}
