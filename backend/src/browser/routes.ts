/**
 * /browser/v1 — what browsers report about the page they ran (the shell's error reporter,
 * shell/src/release/error-reporter.ts), and what the automatic rollback reads back:
 *   POST /browser/v1/errors          one error report → 202 { accepted: true }
 *   POST /browser/v1/loads           one page load that ran a canary → 202 { accepted: true }
 *   GET  /browser/v1/release-stats   ?environment&remote&version[&assignment=canary] → { loads, errors }
 *                                    (service_role key only: the figures are not public)
 * Public, so bounded: per client address and endpoint BROWSER_REPORTS_PER_MINUTE (@fastify/rate-limit,
 * in memory, at most 10 000 addresses remembered, checked before the body is read), per process
 * BROWSER_REPORTS_PER_MINUTE_TOTAL over both endpoints, bodies
 * of at most 16 KB, every field bounded (body.ts). Errors in the platform's shape
 * ({code, message, request_id}); bad input is a 4xx, never a 5xx.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PlatformError } from '../http/platform-error';
import { bearerToken } from '../auth/context';
import { JwtError, verifyJwt } from '../security/jwt';
import { jwtKeys } from '../security/jwt-keys';
import { BODY_LIMIT, errorReport, loadReport, parseBody } from './body';
import type { BrowserReportObserver } from './observer';
import { insertLoad, insertReport, pruneReports, readCounts } from './store';

const statsQuery = z.object({
  environment: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
  remote: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/),
  version: z.string().min(1).max(80),
  assignment: z.enum(['current', 'canary', 'override', 'unreleased']).default('canary'),
});

/** A fixed window over all clients of this process: what gets past it reaches the database. */
function totalLimiter(perMinute: number, now: () => number) {
  let window = 0;
  let used = 0;
  return () => {
    const current = Math.floor(now() / 60_000);
    if (current !== window) {
      window = current;
      used = 0;
    }
    used += 1;
    if (used > perMinute) throw new PlatformError(429, 'Too many browser reports right now; try later', { 'Retry-After': String(60 - Math.floor((now() % 60_000) / 1000)) });
  };
}

export async function browserRoutes(app: FastifyInstance, options: { observe?: BrowserReportObserver } = {}): Promise<void> {
  const { config, db, now } = app.services;
  const observe: BrowserReportObserver = (event) => {
    try {
      options.observe?.(event);
    } catch (error) {
      app.log.error({ err: error }, 'a browser report observer failed');
    }
  };
  const total = totalLimiter(config.BROWSER_REPORTS_PER_MINUTE_TOTAL, now);
  await app.register(rateLimit, {
    global: false,
    // Bounded memory: the least recently seen addresses are forgotten first.
    cache: 10_000,
    errorResponseBuilder: (_request, context) => new PlatformError(429, 'Too many browser reports from this address; try later', { 'Retry-After': String(Math.ceil(context.ttl / 1000)) }),
  });
  // Per address and per endpoint (the plugin keeps one bounded table per route).
  const limited = { rateLimit: { max: config.BROWSER_REPORTS_PER_MINUTE, timeWindow: 60_000 } };
  const userAgent = (request: FastifyRequest) => (typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null);

  app.post('/errors', { bodyLimit: BODY_LIMIT, config: limited }, async (request, reply) => {
    const report = parseBody(errorReport, request.body);
    total();
    await db.transaction(async (tx) => {
      // Housekeeping now and then, as the auth rate limits do.
      if (Math.random() < 0.01) await pruneReports(tx, config.BROWSER_REPORTS_KEEP_DAYS);
      await insertReport(tx, report, userAgent(request));
    });
    const named = report.remote ? report.release.versions[report.remote] : undefined;
    observe({ type: 'error', kind: report.kind, environment: report.release.environment, remote: report.remote, version: named?.version ?? null, assignment: named?.assignment ?? null });
    return reply.status(202).send({ accepted: true });
  });

  app.post('/loads', { bodyLimit: BODY_LIMIT, config: limited }, async (request, reply) => {
    const load = parseBody(loadReport, request.body);
    total();
    await db.transaction((tx) => insertLoad(tx, load));
    for (const [remote, v] of Object.entries(load.release.versions)) {
      if (v.assignment === 'canary') observe({ type: 'load', kind: null, environment: load.release.environment, remote, version: v.version, assignment: v.assignment });
    }
    return reply.status(202).send({ accepted: true });
  });

  app.get('/release-stats', async (request) => {
    const token = bearerToken(request);
    if (!token) throw new PlatformError(401, 'The service_role key is required');
    try {
      const claims = await verifyJwt(token, jwtKeys(config), { now: Math.floor(now() / 1000) });
      if (claims.role !== 'service_role') throw new PlatformError(403, 'Only the service_role key may read release figures');
    } catch (error) {
      if (error instanceof JwtError) throw new PlatformError(401, 'The token does not verify');
      throw error;
    }
    const query = statsQuery.safeParse(request.query);
    if (!query.success) throw new PlatformError(400, `invalid query: ${query.error.issues[0]?.path.join('.')} ${query.error.issues[0]?.message}`);
    const { environment, remote, version, assignment } = query.data;
    const counts = await db.transaction((tx) => readCounts(tx, environment, remote, version, assignment), { readOnly: true });
    return { environment, remote, version, assignment, ...counts };
  });
}
