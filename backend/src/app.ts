/**
 * The HTTP application: CORS, request ids, health, and the areas — /auth/v1 (auth/routes.ts),
 * /rest/v1 (rest/routes.ts), /realtime/v1 (realtime/index.ts) and the payment provider (payments/). Built by a function so tests run it in-process with `inject()`
 * or on a random port, against whatever database they hand in.
 */
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/types';
import { registerHealth } from './http/health';
import { platformErrorHandler, platformNotFound } from './http/platform-error';
import { authRoutes } from './auth/routes';
import { devMailboxRoutes } from './auth/mailbox';
import { restRoutes } from './rest/routes';
import { registerRealtime } from './realtime';
import { registerPayments } from './payments';
import { devClockRoutes } from './jobs/dev-clock';
import { createJobClock, createSqlJobs } from './jobs/sql-jobs';
import type { Services } from './services';

export const CORS_ALLOWED_HEADERS = [
  'apikey', 'authorization', 'x-client-info', 'content-type', 'prefer', 'accept-profile', 'content-profile',
  'x-supabase-api-version', 'x-retry-count', 'range', 'accept', 'x-request-id',
];
export const CORS_EXPOSED_HEADERS = ['Content-Range', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'X-Request-Id', 'Retry-After', 'Preference-Applied', 'Location'];

export interface BuildOptions {
  config: Config;
  db: Database;
  now?: () => number;
  /** pino logger options or false; defaults from LOG_LEVEL. */
  logger?: boolean | Record<string, unknown>;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? (config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // PostgREST query strings are parsed by the REST layer from the raw URL.
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });

  const services: Services = { config, db, now: options.now ?? Date.now };
  app.decorate('services', services);
  // The jobs see the app's clock (tests move it) plus what /_dev/clock adds.
  app.decorate('sqlJobs', createSqlJobs(services, app.log.child({ module: 'sql-jobs' }), config.sqlJobs, createJobClock(() => services.now())));

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
  // The development mailbox holds sign-in links: no other origin may read it (no CORS at all).
  await app.register(cors, {
    delegator: (request, callback) => callback(null, request.url.startsWith('/_dev/') ? { origin: false } : corsOptions),
  });

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

  await app.register(authRoutes, { prefix: '/auth/v1' });
  await app.register(devMailboxRoutes); // /_dev/mailbox (only without SMTP_URL, never in production)
  if (config.DEV_CLOCK && !config.isProduction) await app.register(devClockRoutes(app.sqlJobs)); // /_dev/clock
  await app.register(restRoutes, { prefix: '/rest/v1' });
  await registerRealtime(app); // /realtime/v1/websocket (WebSocket upgrades on app.server)
  await registerPayments(app); // PAYMENT_PROVIDER; stripe: /functions/v1/stripe-* and the payout worker

  return app;
}
