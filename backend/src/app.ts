/**
 * The HTTP application: CORS, request ids, health, and the areas — /auth/v1 (auth/routes.ts),
 * /rest/v1 (rest/routes.ts), /storage/v1 (storage/routes.ts), /realtime/v1 (realtime/index.ts),
 * /browser/v1 (browser/routes.ts) — then what the deployment's extensions add (APP_SERVER:
 * extensions/). Built by a function so tests run it in-process with `inject()` or on a random
 * port, against whatever database they hand in.
 */
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/types';
import { registerHealth } from './http/health';
import { registerReadiness } from './http/ready';
import { redactedLogger } from './http/log-redact';
import { platformErrorHandler, platformNotFound } from './http/platform-error';
import { authRoutes } from './auth/routes';
import { devMailboxRoutes } from './auth/mailbox';
import { restRoutes } from './rest/routes';
import { registerRealtime } from './realtime';
import { devClockRoutes } from './jobs/dev-clock';
import { createJobClock, createSqlJobs } from './jobs/sql-jobs';
import { parseSqlJobs } from './jobs/sql-job-spec';
import { checkExtensionConfig, loadExtensions } from './extensions/load';
import { browserReportCounter } from './observability/browser-metrics';
import { registerCollectors } from './observability/collectors';
import { registerHttpMetrics } from './observability/http-metrics';
import { createMetrics, type Metrics } from './observability/metrics';
import { registerMetricsRoute } from './observability/metrics-route';
import { storageError, storageRoutes } from './storage/routes';
import { browserRoutes } from './browser/routes';
import { registerExtensions } from './extensions/register';
import type { BackendExtension } from './extensions/types';
import type { BrowserReportObserver } from './browser/observer';
import type { Services } from './services';

export const CORS_ALLOWED_HEADERS = [
  'apikey', 'authorization', 'x-client-info', 'content-type', 'prefer', 'accept-profile', 'content-profile',
  'x-supabase-api-version', 'x-retry-count', 'range', 'accept', 'x-request-id',
  // /storage/v1 (storage-js) and its resumable uploads (tus-js-client, Uppy).
  'x-upsert', 'x-metadata', 'cache-control', 'x-signature', 'if-none-match',
  'tus-resumable', 'upload-length', 'upload-metadata', 'upload-offset', 'upload-defer-length', 'upload-concat', 'upload-checksum',
];
export const CORS_EXPOSED_HEADERS = [
  'Content-Range', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'X-Request-Id', 'Retry-After', 'Preference-Applied', 'Location',
  'Content-Disposition', 'Content-Length', 'ETag', 'Last-Modified', 'Accept-Ranges',
  'Upload-Offset', 'Upload-Length', 'Upload-Metadata', 'Upload-Expires', 'Tus-Version', 'Tus-Resumable', 'Tus-Max-Size', 'Tus-Extension',
];

export interface BuildOptions {
  config: Config;
  db: Database;
  now?: () => number;
  /** The app's metrics registry (a fresh one by default). */
  metrics?: Metrics;
  /** pino logger options (`stream` included) or false; defaults from LOG_LEVEL. Output is always redacted. */
  logger?: boolean | Record<string, unknown>;
  /** Told of every accepted browser report and canary page load (the hook for /metrics: browser/observer.ts). */
  observeBrowserReports?: BrowserReportObserver;
  /** What the deployment adds (routes, background jobs); by default the APP_SERVER module's. */
  extensions?: readonly BackendExtension[];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    // Every line goes out with tokens, codes and keys redacted (http/log-redact.ts).
    logger: redactedLogger(options.logger, config.LOG_LEVEL),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Behind nginx: whose X-Forwarded-For counts (TRUST_PROXY, config-proxy.ts); request.ip is then the client.
    trustProxy: config.trustProxy,
    // A URL the router cannot read (bad percent-encoding, a parameter too long): /storage/v1 answers
    // in storage's shape; elsewhere Fastify's own answer, unchanged.
    frameworkErrors: (error, request, reply) => {
      if ((request.raw.url ?? '').startsWith('/storage/v1/')) return storageError(error, request, reply);
      return (reply as FastifyReply).code(400).send({ error: 'Bad Request', code: error.code, message: error.message, statusCode: 400 });
    },
    // PostgREST query strings are parsed by the REST layer from the raw URL.
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });

  const services: Services = { config, db, now: options.now ?? Date.now, metrics: options.metrics ?? createMetrics() };
  app.decorate('services', services);
  // The jobs see the app's clock (tests move it) plus what /_dev/clock adds.
  // The deployment's extensions (APP_SERVER), registered last; their SQL jobs unless SQL_JOBS is set.
  const extensions = options.extensions ?? (await loadExtensions(config));
  checkExtensionConfig(config, extensions);
  const sqlJobs = config.sqlJobs ?? parseSqlJobs(extensions.flatMap((e) => (e.sqlJobs ? [e.sqlJobs] : [])).join(',') || 'off');
  app.decorate('sqlJobs', createSqlJobs(services, app.log.child({ module: 'sql-jobs' }), sqlJobs, createJobClock(() => services.now())));
  registerHttpMetrics(app, services.metrics);

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Every answer is JSON or a page of our own: never let a browser sniff it into something else.
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  const corsOptions = {
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 86400,
  };
  // The development mailbox holds sign-in links: no other origin may read it (no CORS at all), nor
  // the development clock. Static options, normalised once (a per-request delegator made the plugin
  // normalise them again on every request: ~5% of a REST call's time in the backend), with every
  // /_dev/ route, its preflight included, opting out through its route config.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/_dev/')) route.config = Object.assign({}, route.config, { cors: { origin: false } });
  });
  await app.register(cors, corsOptions);
  app.options('/_dev/*', (_request, reply) => reply.callNotFound());

  // JSON answers of 1 KB and more go out brotli- or gzip-compressed when the client accepts it
  // (a page of gigs shrinks ~5×; below 1 KB the headers cost more than they save). Brotli at
  // quality 4, the plugin's default, compresses about as fast as gzip. Request bodies are never
  // decompressed: a compressed body could expand far past what its size on the wire suggests,
  // so one that says it is compressed is refused (415) instead.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'], requestEncodings: ['identity'] });

  // Outside /auth/v1 and /rest/v1 (each sets its own, in its protocol's shape): one documented body.
  app.setErrorHandler(platformErrorHandler);
  app.setNotFoundHandler(platformNotFound);

  registerHealth(app, db);
  registerReadiness(app);

  await app.register(authRoutes, { prefix: '/auth/v1' });
  await app.register(devMailboxRoutes); // /_dev/mailbox (only without SMTP_URL, never in production)
  if (config.DEV_CLOCK && !config.isProduction) await app.register(devClockRoutes(app.sqlJobs)); // /_dev/clock
  await app.register(restRoutes, { prefix: '/rest/v1' });
  await app.register(storageRoutes, { prefix: '/storage/v1' });
  await registerRealtime(app); // /realtime/v1/websocket (WebSocket upgrades on app.server)
  // Browser error reports and canary page loads: counted in /metrics, and told to observeBrowserReports.
  const countReport = browserReportCounter(services.metrics);
  const observe: BrowserReportObserver = (event) => {
    countReport(event);
    options.observeBrowserReports?.(event);
  };
  await app.register(browserRoutes, { prefix: '/browser/v1', observe });
  registerCollectors(app, services.metrics);
  registerMetricsRoute(app); // /metrics (Prometheus)
  // The platform's own job (auth mail SMTP did not take), then the deployment's routes and jobs.
  await registerExtensions(app, extensions);

  return app;
}
