/**
 * /storage/v1 — Supabase Storage's API as @supabase/storage-js speaks it. Route binding, the area's
 * error handler and the object store's life; each family of routes is its own module (README.md).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bucketRoutes } from './buckets';
import type { StorageContext } from './context';
import { ERRORS, StorageApiError } from './errors';
import { listRoutes } from './list';
import { moveCopyRoutes } from './move-copy';
import { objectReadRoutes } from './object-read';
import { objectWriteRoutes } from './object-write';
import { removeRoutes } from './remove';
import { renderRoutes } from './render';
import { signingRoutes } from './signing';
import { openObjectStore } from './store/open';
import { tusRoutes } from './tus';

/** What an upload refused part-way may still send, read and dropped so the client gets the answer; past it the connection is closed. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** A request body cut short by an early answer: read and dropped (up to DRAIN_LIMIT), so keep-alive clients see the answer. */
function drain(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT) raw.socket?.destroy();
  });
  raw.resume();
}

const FASTIFY_CODES: Record<string, () => StorageApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ERRORS.invalidMimeType('Invalid Content-Type header'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ERRORS.entityTooLarge(),
  FST_ERR_CTP_INVALID_JSON_BODY: () => ERRORS.invalidRequest('Body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ERRORS.invalidRequest('Body cannot be empty when content-type is set to application/json'),
};

/** The area's one error handler: storage's body, the cause of a 5xx logged and never sent. */
export function storageError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  drain(request);
  let e: StorageApiError;
  if (error instanceof StorageApiError) e = error;
  else {
    const code = (error as FastifyError).code;
    const status = (error as FastifyError).statusCode;
    e = FASTIFY_CODES[code]?.() ?? (status && status >= 400 && status < 500 ? ERRORS.invalidRequest((error as Error).message.slice(0, 300)) : ERRORS.internal());
    if (e.statusCode >= 500 && !request.raw.destroyed) request.log.error({ err: error }, 'storage: unexpected error');
  }
  return reply.status(e.status).header('content-type', 'application/json; charset=utf-8').send(e.body());
}

/** STORAGE_DIR, or `<DATA_DIR>/storage`, or a directory of its own for an in-memory database. */
async function storageRoot(ctxDir: string | undefined, dataDir: string): Promise<{ root: string; temporary: boolean }> {
  if (ctxDir) return { root: path.resolve(ctxDir), temporary: false };
  if (dataDir === ':memory:' || dataDir.startsWith('memory://')) return { root: await fs.mkdtemp(path.join(os.tmpdir(), 'need40-storage-')), temporary: true };
  return { root: path.join(path.resolve(dataDir), 'storage'), temporary: false };
}

export const storageRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { config } = app.services;
  const { root, temporary } = await storageRoot(config.STORAGE_DIR, config.DATA_DIR);
  await fs.mkdir(root, { recursive: true });
  const store = await openObjectStore(config.storage, root);
  const ctx: StorageContext = { services: app.services, store, root };
  app.addHook('onClose', async () => {
    await store.close();
    if (temporary) await fs.rm(root, { recursive: true, force: true });
  });

  app.setErrorHandler(storageError);
  app.setNotFoundHandler((request, reply) => storageError(ERRORS.routeNotFound(request.method, request.raw.url ?? ''), request, reply));

  // JSON bodies (bucket, list, sign, move, copy, remove) are small: 64 KiB at most.
  await app.register(async (json) => {
    json.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, json.getDefaultJsonParser('error', 'error'));
    bucketRoutes(json, ctx);
    listRoutes(json, ctx);
    signingRoutes(json, ctx);
    moveCopyRoutes(json, ctx);
    removeRoutes(json, ctx);
    objectReadRoutes(json, ctx);
    renderRoutes(json, ctx);
  });
  await app.register(async (bytes) => objectWriteRoutes(bytes, ctx));
  await app.register(async (tus) => tusRoutes(tus, ctx));
};
