/**
 * The outbox in the metrics, read when Prometheus scrapes (one query serves the three gauges of a
 * scrape; the partial index on undelivered rows keeps it cheap):
 *   need40_outbox_pending, need40_outbox_given_up, need40_outbox_lag_seconds
 * Sends and failures are counted by the deliverer (delivery.ts).
 */
import type { AppServices } from '../context';
import { outboxBacklog } from './outbox';

export function registerOutboxGauges({ db, metrics }: AppServices): void {
  let backlog: ReturnType<typeof outboxBacklog> | undefined;
  const read = () => (backlog ??= outboxBacklog(db).finally(() => setTimeout(() => (backlog = undefined), 1000).unref()));
  metrics.gauge({ name: 'need40_outbox_pending', help: 'Notification emails not delivered yet (the whole outbox, all instances).', async collect() { this.set((await read()).pending); } });
  metrics.gauge({ name: 'need40_outbox_given_up', help: 'Notification emails given up after the last attempt.', async collect() { this.set((await read()).givenUp); } });
  metrics.gauge({ name: 'need40_outbox_lag_seconds', help: 'How long the oldest due notification has waited past its time: the deliverer\'s lag.', async collect() { this.set((await read()).lagSeconds); } });
}
