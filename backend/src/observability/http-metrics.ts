/**
 * Requests and their latency, per route family and status (the Fastify hook of app.ts).
 *   need40_http_requests_total{family, route, method, status}   every answer, by route template
 *   need40_http_request_duration_seconds{family, status_class}  latency histogram (fewer series)
 * `route` is the registered template (`/rest/v1/:table`), never the URL, so its values are bounded;
 * requests no route matched count as `unmatched`.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

const FAMILIES = ['/auth/v1', '/rest/v1', '/realtime/v1', '/storage/v1', '/functions/v1', '/browser/v1', '/health', '/metrics', '/_dev'];

export function familyOf(route: string | undefined): string {
  if (!route) return 'unmatched';
  const family = FAMILIES.find((f) => route === f || route.startsWith(`${f}/`));
  return family ? family.replace(/^\//, '').replace(/\/v1$/, '') : 'other';
}

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const requests = metrics.counter({ name: 'need40_http_requests_total', help: 'HTTP requests answered, by route family, route template, method and status.', labelNames: ['family', 'route', 'method', 'status'] });
  const duration = metrics.histogram({
    name: 'need40_http_request_duration_seconds',
    help: 'Time from request to answer, by route family and status class.',
    labelNames: ['family', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const family = familyOf(route);
    requests.inc({ family, route: route ?? 'unmatched', method: request.method, status: String(reply.statusCode) });
    duration.observe({ family, status_class: `${String(reply.statusCode)[0]}xx` }, reply.elapsedTime / 1000);
  });
}
