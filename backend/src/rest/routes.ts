/**
 * /rest/v1 — PostgREST-compatible REST, generic over the exposed schema (schema-cache.ts).
 * Route binding and the request's path through the stages: authenticated (request.ts, in the
 * area's onRequest hook), read (request.ts, query-string.ts, body.ts), planned as data against
 * the schema cache (read.ts, mutate-plan.ts, call-plan.ts), run as one statement in one
 * transaction (execute.ts), answered (respond.ts, response.ts) — each stage timed (timing.ts).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionPlan } from './action-plan';
import { tableBody } from './body';
import { findRoutine, planCall } from './call-plan';
import { RestApiError, STALE_CACHE_CODES, invalidPath, tableNotFound, unsupportedMethod } from './errors';
import { execute } from './execute';
import { structuredOnly } from './media';
import { planMutation, type WriteRequest } from './mutate-plan';
import { parseQuery } from './query-string';
import { pageOf, planRead } from './read';
import { apiRequest, authenticate, type ApiRequest, type Caller } from './request';
import { checkCallPreferences } from './respond';
import { send, sendError } from './response';
import { rpcInput, type RpcInput } from './rpc-input';
import { schemaCacheFor, type SchemaCache, type SchemaCacheHolder, type Table } from './schema-cache';
import { ServerTiming } from './timing';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of a /rest/v1 request (set by the area's onRequest hook). */
    restCaller: Caller | null;
    /** Aborted when the client closes the connection before the answer is sent. */
    restSignal: AbortSignal | undefined;
    /** The request's stage timings, sent as Server-Timing (answers and errors alike). */
    restTiming: ServerTiming | undefined;
  }
}

/**
 * The one schema-cache retry path: plan against the cache; when the plan names something the
 * cache lacks (a table, function, column or relationship created since it was loaded), reload
 * once (rate-limited, schema-cache.ts) and plan again. Any other error, or a second miss, stands.
 */
async function withFreshCache<T>(holder: SchemaCacheHolder, plan: (cache: SchemaCache) => T): Promise<T> {
  const cache = await holder.get();
  try {
    return plan(cache);
  } catch (error) {
    if (!(error instanceof RestApiError) || !STALE_CACHE_CODES.has(error.code)) throw error;
    const reloaded = await holder.reloadAfterMiss();
    if (!reloaded) throw error;
    return plan(reloaded);
  }
}

function tableOf(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) throw tableNotFound(cache.schema, name);
  return table;
}

export const restRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const services = app.services;
  const config = services.config;
  // One schema cache per exposed schema (REST_DB_SCHEMAS); the request's profile header picks one.
  const schemas = config.REST_DB_SCHEMAS.split(',').map((s) => s.trim());
  const holderOf = (req: ApiRequest) => schemaCacheFor(services.db, req.schema);

  // Bodies are kept as text: they travel to SQL as one JSON literal (exact numbers, no re-encoding).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  // Bytes for a function's single unnamed bytea parameter (rpc-input.ts); elsewhere read as text.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Who is calling is settled before anything else is read (PostgREST's order): a forged or expired
  // token is a 401 whatever the body, its media type, the profile headers or the path. The CORS
  // preflight (OPTIONS) is answered at the root and never gets here.
  app.decorateRequest('restCaller', null);
  app.decorateRequest('restSignal', undefined);
  app.decorateRequest('restTiming', undefined);
  app.addHook('onRequest', async (request, reply) => {
    request.restTiming = new ServerTiming();
    // A client that leaves before its answer must not keep the database busy (db/types.ts, signal).
    const aborted = new AbortController();
    request.restSignal = aborted.signal;
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    request.restCaller = await authenticate(request, services);
    request.restTiming.mark('jwt');
  });
  const callerOf = async (request: FastifyRequest) => request.restCaller ?? (request.restCaller = await authenticate(request, services));

  app.setErrorHandler(sendError);

  /** The request as the planners see it; the planner; then the run and the answer. */
  const serve = async (request: FastifyRequest, reply: FastifyReply, plan: (req: ApiRequest, cache: SchemaCache) => ActionPlan) => {
    const timing = request.restTiming!;
    const req = apiRequest(request, await callerOf(request), config.DB_TX_END, request.restSignal, schemas);
    // PostgREST names the schema it answered from when more than one is exposed.
    if (schemas.length > 1) reply.header('Content-Profile', req.schema);
    const holder = holderOf(req);
    const planned = await withFreshCache(holder, (cache) => plan(req, cache));
    const result = await execute(services, req, planned, timing);
    timing.mark('render');
    return send(reply, result, req.accept.contentType);
  };

  const read = (request: FastifyRequest<{ Params: { table: string } }>, reply: FastifyReply) =>
    serve(request, reply, (req, cache) => {
      structuredOnly(req.accept);
      const query = parseQuery(req.pairs);
      const page = pageOf(query, req.range, config.DB_MAX_ROWS);
      request.restTiming!.mark('parse');
      const table = tableOf(cache, request.params.table);
      // The planner's estimate counts rows the caller cannot see: under RLS the count is exact.
      const count = req.prefs.count && table.rls && req.caller.role !== 'service_role' ? 'exact' : req.prefs.count;
      return planRead(cache, table, query, { page, count, aggregates: config.REST_AGGREGATES_ENABLED });
    });

  const write = (request: FastifyRequest<{ Params: { table: string }; Body: string | Buffer | undefined }>, reply: FastifyReply) =>
    serve(request, reply, (req, cache) => {
      structuredOnly(req.accept);
      const method = req.method as WriteRequest['method'];
      const w: WriteRequest = {
        method,
        query: parseQuery(req.pairs),
        prefs: req.prefs,
        body: method === 'DELETE' ? undefined : tableBody(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : request.body, method === 'POST'),
        representation: req.prefs.return === 'representation',
        aggregates: config.REST_AGGREGATES_ENABLED,
      };
      request.restTiming!.mark('parse');
      return planMutation(cache, tableOf(cache, request.params.table), w);
    });

  const rpc = (request: FastifyRequest<{ Params: { fn: string }; Body: string | Buffer | undefined }>, reply: FastifyReply) =>
    serve(request, reply, (req, cache) => {
      const isGet = req.method === 'GET' || req.method === 'HEAD';
      // By GET, a pair named like an argument of any overload is an argument; the rest filter the result.
      const argNames = new Set((cache.functions.get(request.params.fn) ?? []).flatMap((f) => f.args.map((a) => a.name)));
      const query = parseQuery(req.pairs, isGet ? argNames : new Set());
      const input: RpcInput = isGet ? { kind: 'query', args: new Map(query.rest) } : rpcInput(request.body, request.headers['content-type']);
      request.restTiming!.mark('parse');
      const fn = findRoutine(cache, request.params.fn, input, req.caller.role);
      const raw = req.accept.format === 'text' || req.accept.format === 'binary' ? req.accept.format : undefined;
      const root = query.nodes.get('')!;
      const count = req.prefs.count === 'exact' ? 'exact' : undefined;
      const plan = planCall(cache, fn, query, input, { raw, page: { offset: root.offset ?? 0, limit: root.limit }, count, aggregates: config.REST_AGGREGATES_ENABLED });
      checkCallPreferences(plan, req.prefs);
      return plan;
    });

  app.get('/:table', read);
  app.post('/:table', write);
  app.patch('/:table', write);
  app.delete('/:table', write);
  app.get('/rpc/:fn', rpc);
  app.post('/rpc/:fn', rpc);

  // Anything else: the caller is checked first (a forged token is a 401 whatever the path, as in
  // PostgREST), then PGRST117 for a method PostgREST-style REST does not serve here (PUT, the
  // single-row upsert, included: use POST with Prefer: resolution=merge-duplicates) or PGRST125.
  app.setNotFoundHandler(async (request) => {
    await callerOf(request);
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(request.method)) {
      throw unsupportedMethod(request.method);
    }
    throw invalidPath();
  });

  // The OpenAPI description is not served; answer like PostgREST with no exposed description.
  app.get('/', async (request, reply) => {
    await callerOf(request);
    return reply.status(200).header('content-type', 'application/json; charset=utf-8').send('{}');
  });
};
