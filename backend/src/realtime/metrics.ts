/**
 * Realtime's counters (the gauges of sockets and channels are read at scrape time: collectors.ts):
 *   need40_realtime_deliveries_total{event}      messages written to sockets, by Phoenix event
 *   need40_realtime_drops_total{reason}          messages not written: socket closing, or too slow
 *                                                (its buffer full: it is closed with 1013)
 * One pair per app, found from its services.
 */
import type { Services } from '../services';

const EVENTS = new Set(['postgres_changes', 'broadcast', 'presence_state', 'presence_diff', 'system', 'phx_reply', 'phx_close', 'phx_error']);

const cache = new WeakMap<Services, ReturnType<typeof define>>();

function define(services: Services) {
  const deliveries = services.metrics.counter({ name: 'need40_realtime_deliveries_total', help: 'Realtime messages written to sockets, by event.', labelNames: ['event'] });
  const drops = services.metrics.counter({ name: 'need40_realtime_drops_total', help: 'Realtime messages not written, by reason (closing socket, client too slow).', labelNames: ['reason'] });
  return {
    delivered: (event: string) => deliveries.inc({ event: EVENTS.has(event) ? event : 'other' }),
    dropped: (reason: 'closing' | 'too_slow') => drops.inc({ reason }),
  };
}

export function realtimeMetrics(services: Services): ReturnType<typeof define> {
  let m = cache.get(services);
  if (!m) cache.set(services, (m = define(services)));
  return m;
}
