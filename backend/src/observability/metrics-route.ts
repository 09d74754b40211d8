/**
 * GET /metrics: this instance's metrics in Prometheus's text format. With METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>` (401 otherwise); nginx keeps the path off the internet either way,
 * and Prometheus scrapes each instance on its own port.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendPlatformError } from '../http/platform-error';

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function registerMetricsRoute(app: FastifyInstance): void {
  const { config, metrics } = app.services;
  app.get('/metrics', async (request, reply) => {
    if (config.METRICS_TOKEN && !same(request.headers.authorization ?? '', `Bearer ${config.METRICS_TOKEN}`)) {
      return sendPlatformError(reply.header('WWW-Authenticate', 'Bearer'), 401, 'unauthorized', 'GET /metrics needs the metrics token', request);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.render());
  });
}
