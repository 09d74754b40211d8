/**
 * /rest/v1 — PostgREST-compatible REST, generic over the exposed schema (schema-cache.ts).
 * Route binding only: each request is authenticated (request.ts), parsed (query-string.ts),
 * planned (read.ts, write.ts, rpc.ts) and run in one transaction as the caller's role.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RestApiError, STALE_CACHE_CODES, invalidPath, tableNotFound, unsupportedMethod } from './errors';
import { tableBody } from './body';
import { parseQuery } from './query-string';
import { executeRead, pageOf, planRead } from './read';
import { apiRequest, authenticate, runAs, type ApiRequest, type Caller } from './request';
import { renderMedia, structuredOnly } from './media';
import { send, sendError } from './response';
import { executeRpc, planRpcCall } from './rpc';
import { schemaCacheFor, type SchemaCache, type SchemaCacheHolder, type Table } from './schema-cache';
import { executeWrite, planWrite, type WriteRequest } from './write';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of a /rest/v1 request (set by the area's onRequest hook). */
    restCaller: Caller | null;
    /** Aborted when the client closes the connection before the answer is sent. */
    restSignal: AbortSignal | undefined;
  }
}

async function findTable(holder: SchemaCacheHolder, name: string): Promise<{ cache: SchemaCache; table: Table }> {
  let cache = await holder.get();
  let table = cache.tables.get(name);
  if (!table) {
    const reloaded = await holder.reloadAfterMiss();
    if (reloaded) {
      cache = reloaded;
      table = cache.tables.get(name);
    }
  }
  if (!table) throw tableNotFound(cache.schema, name);
  return { cache, table };
}


/** Plan against the cache; if the plan names something the cache lacks, reload once (rate-limited) and plan again. */
async function planFresh<T>(holder: SchemaCacheHolder, name: string, plan: (cache: SchemaCache, table: Table) => T): Promise<T> {
  const { cache, table } = await findTable(holder, name);
  try {
    return plan(cache, table);
  } catch (error) {
    if (!(error instanceof RestApiError) || !STALE_CACHE_CODES.has(error.code)) throw error;
    const reloaded = await holder.reloadAfterMiss();
    const fresh = reloaded?.tables.get(name);
    if (!reloaded || !fresh) throw error;
    return plan(reloaded, fresh);
  }
}

export const restRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const services = app.services;
  // One schema cache per exposed schema (REST_DB_SCHEMAS); the request's profile header picks one.
  const schemas = services.config.REST_DB_SCHEMAS.split(',').map((s) => s.trim());
  const holderOf = (req: ApiRequest) => schemaCacheFor(services.db, req.schema);

  // Bodies are kept as text: they travel to SQL as one JSON parameter (exact numbers, no re-encoding).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  // Bytes for a function's single unnamed bytea parameter (rpc-args.ts); elsewhere read as text.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Who is calling is settled before anything else is read (PostgREST's order): a forged or expired
  // token is a 401 whatever the body, its media type, the profile headers or the path. The CORS
  // preflight (OPTIONS) is answered at the root and never gets here.
  app.decorateRequest('restCaller', null);
  app.decorateRequest('restSignal', undefined);
  app.addHook('onRequest', async (request, reply) => {
    // A client that leaves before its answer must not keep the database busy (db/types.ts, signal).
    const aborted = new AbortController();
    request.restSignal = aborted.signal;
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    request.restCaller = await authenticate(request, services);
  });
  const callerOf = async (request: FastifyRequest) => request.restCaller ?? (request.restCaller = await authenticate(request, services));

  app.setErrorHandler(sendError);

  const restRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const req = apiRequest(request, await callerOf(request), services.config.DB_TX_END, request.restSignal, schemas);
    // PostgREST names the schema it answered from when more than one is exposed.
    if (schemas.length > 1) reply.header('Content-Profile', req.schema);
    return req;
  };
  const runFor = (req: ApiRequest, readOnly: boolean) => ({ caller: req.caller, readOnly, method: req.method, path: req.path, headers: req.headers, schema: req.schema, signal: req.signal, rollback: req.prefs.tx === 'rollback' });

  const read = async (request: FastifyRequest<{ Params: { table: string } }>, reply: FastifyReply) => {
    const req = await restRequest(request, reply);
    structuredOnly(req.accept);
    const holder = holderOf(req);
    const query = parseQuery(req.pairs);
    const page = pageOf(query, req.range, services.config.DB_MAX_ROWS);
    // The planner's estimate counts rows the caller cannot see: under RLS the count is exact.
    const countFor = (table: Table) => (req.prefs.count && table.rls && req.caller.role !== 'service_role' ? 'exact' : req.prefs.count);
    const plan = await planFresh(holder, request.params.table, (cache, table) => planRead(cache, table, query, { page, count: countFor(table), aggregates: services.config.REST_AGGREGATES_ENABLED }));
    const head = req.method === 'HEAD';
    const result = await runAs(services, runFor(req, true), async (tx) => renderMedia(tx, await executeRead(tx, plan, { page, prefs: req.prefs, media: req.media, head }), req.accept));
    return send(reply, result, req.accept.contentType);
  };

  const write = async (request: FastifyRequest<{ Params: { table: string }; Body: string | Buffer | undefined }>, reply: FastifyReply) => {
    const req = await restRequest(request, reply);
    structuredOnly(req.accept);
    const holder = holderOf(req);
    const method = req.method as WriteRequest['method'];
    const w: WriteRequest = {
      method,
      query: parseQuery(req.pairs),
      prefs: req.prefs,
      body: method === 'DELETE' ? undefined : tableBody(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : request.body, method === 'POST'),
      representation: req.prefs.return === 'representation',
    };
    const plan = await planFresh(holder, request.params.table, (cache, table) => planWrite(cache, table, w));
    const result = await runAs(services, runFor(req, false), async (tx) => renderMedia(tx, await executeWrite(tx, plan, w, req.media), req.accept));
    return send(reply, result, req.accept.contentType);
  };

  const rpc = async (request: FastifyRequest<{ Params: { fn: string }; Body: string | Buffer | undefined }>, reply: FastifyReply) => {
    const req = await restRequest(request, reply);
    const holder = holderOf(req);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    const { plan, offset } = await planRpcCall(holder, request.params.fn, { method: req.method, pairs: req.pairs, body: request.body, contentType: request.headers['content-type'], prefs: req.prefs, raw: req.accept.format === 'text' || req.accept.format === 'binary' ? req.accept.format : undefined });
    const options = { media: req.media, offset, head: req.method === 'HEAD', prefs: req.prefs };
    const result = await runAs(services, runFor(req, isGet), async (tx) => renderMedia(tx, await executeRpc(tx, plan, options), req.accept));
    return send(reply, result, plan.kind === 'scalar' && req.accept.format === 'csv' ? 'application/json; charset=utf-8' : req.accept.contentType);
  };

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
