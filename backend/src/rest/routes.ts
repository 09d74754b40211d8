/**
 * /rest/v1 — PostgREST-compatible REST, generic over the exposed schema (schema-cache.ts).
 * Route binding only: each request is authenticated (request.ts), parsed (query-string.ts),
 * planned (read.ts, write.ts, rpc.ts) and run in one transaction as the caller's role.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RestApiError, STALE_CACHE_CODES, invalidPath, tableNotFound, unsupportedMethod } from './errors';
import { parseQuery, queryPairs } from './query-string';
import { executeRead, pageOf, planRead } from './read';
import { authenticate, checkProfile, mediaType, parsePrefer, runAs, type Caller } from './request';
import { send, sendError } from './response';
import { executeRpc, functionNotFound, parseRpcBody, planRpc, resolveFunction } from './rpc';
import { schemaCacheFor, type SchemaCache, type SchemaCacheHolder, type Table } from './schema-cache';
import { executeWrite, parseBody, planDelete, planInsert, planUpdate } from './write';

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
  if (!table) throw tableNotFound(name);
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
  const holder = schemaCacheFor(services.db);

  // Bodies are kept as text: they travel to SQL as one JSON parameter (exact numbers, no re-encoding).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

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


  const read = async (request: FastifyRequest<{ Params: { table: string } }>, reply: FastifyReply) => {
    const caller = await callerOf(request);
    checkProfile(request);
    const media = mediaType(request);
    const prefs = parsePrefer(request);
    const query = parseQuery(queryPairs(request.raw.url ?? ''));
    const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
    const page = pageOf(query, range, services.config.DB_MAX_ROWS);
    // The planner's estimate counts rows the caller cannot see: under RLS the count is exact.
    const countFor = (table: Table) => (prefs.count && table.rls && caller.role !== 'service_role' ? 'exact' : prefs.count);
    const plan = await planFresh(holder, request.params.table, (cache, table) => planRead(cache, table, query, page, countFor(table)));
    const result = await runAs(services, { caller, readOnly: true, method: request.method, signal: request.restSignal }, (tx) => executeRead(tx, plan, page, prefs, media, request.method === 'HEAD'));
    return send(reply, result, media);
  };

  const write = async (request: FastifyRequest<{ Params: { table: string }; Body: string | undefined }>, reply: FastifyReply) => {
    const caller = await callerOf(request);
    checkProfile(request);
    const media = mediaType(request);
    const prefs = parsePrefer(request);
    const query = parseQuery(queryPairs(request.raw.url ?? ''));
    const representation = prefs.return === 'representation';
    const method = request.method as 'POST' | 'PATCH' | 'DELETE';
    const body = method === 'DELETE' ? undefined : parseBody(request.body, method === 'POST');
    const plan = await planFresh(holder, request.params.table, (cache, table) => {
      if (method === 'POST') return planInsert(cache, table, query, prefs, body!.text, body!.rows, representation);
      if (method === 'PATCH') return planUpdate(cache, table, query, body!.text, body!.rows[0]!, representation);
      return planDelete(cache, table, query, representation);
    });
    const result = await runAs(services, { caller, readOnly: false, method, signal: request.restSignal }, (tx) => executeWrite(tx, plan, method, prefs, media, representation));
    return send(reply, result, media);
  };

  const rpc = async (request: FastifyRequest<{ Params: { fn: string }; Body: string | undefined }>, reply: FastifyReply) => {
    const caller = await callerOf(request);
    checkProfile(request);
    const media = mediaType(request);
    const name = request.params.fn;
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const pairs = queryPairs(request.raw.url ?? '');
    let cache = await holder.get();
    if (!cache.functions.has(name)) cache = (await holder.reloadAfterMiss()) ?? cache;
    const candidates = cache.functions.get(name) ?? [];
    const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
    const query = parseQuery(pairs, isGet ? argNames : new Set());
    const body = isGet ? undefined : parseRpcBody(request.body);
    const keys = isGet ? query.rest.map(([k]) => k) : Object.keys(body!.value);
    const fn = resolveFunction(cache, name, keys);
    if (!fn) throw functionNotFound(name, keys);
    const plan = planRpc(cache, fn, query, isGet ? { query: new Map(query.rest) } : { body });
    const offset = query.nodes.get('')!.offset ?? 0;
    const result = await runAs(services, { caller, readOnly: isGet, method: request.method, signal: request.restSignal }, (tx) => executeRpc(tx, plan, media, offset));
    return send(reply, isGet && request.method === 'HEAD' ? { ...result, body: undefined } : result, media);
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
