/**
 * Reading objects: the bytes (`download`, public and signed URLs), their headers (HEAD) and their
 * info (`info`, `exists`). Who may read what is locate.ts; how bytes are sent is serve.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StorageContext } from './context';
import { locate, type ReadMode } from './locate';
import { objectHeaders, sendObject } from './serve';

type Req = Parameters<typeof locate>[1];

function downloadOf(query: Record<string, unknown>): string | undefined {
  const d = query.download;
  return typeof d === 'string' ? d.slice(0, 255) : undefined;
}

export function objectReadRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const serve = (mode: ReadMode) => async (request: Req, reply: FastifyReply) => {
    const { obj, token } = await locate(ctx, request, mode);
    const expires = token?.exp ? new Date(token.exp * 1000).toUTCString() : undefined;
    return sendObject(ctx, request, reply, obj, { download: downloadOf(request.query), expires });
  };
  const info = (mode: ReadMode) => async (request: Req) => {
    const { obj } = await locate(ctx, request, mode);
    const m = obj.metadata;
    return {
      id: obj.id, name: obj.name, version: obj.version, bucket_id: obj.bucket_id,
      size: m?.size ?? null, content_type: m?.mimetype ?? null, cache_control: m?.cacheControl ?? null, etag: `"${obj.version}"`,
      metadata: obj.user_metadata ?? {}, last_modified: obj.updated_at, created_at: obj.created_at, updated_at: obj.updated_at,
    };
  };
  const head = (mode: ReadMode) => async (request: Req, reply: FastifyReply) => {
    const { obj } = await locate(ctx, request, mode);
    objectHeaders(reply, obj, {});
    return reply.status(200).header('Content-Length', obj.metadata?.size ?? 0).send();
  };
  const bytes = { compress: false as const, exposeHeadRoute: false };

  app.get('/object/public/:bucket/*', { ...bytes, config: { operation: 'storage.object.get_public' } }, serve('public'));
  app.get('/object/authenticated/:bucket/*', { ...bytes, config: { operation: 'storage.object.get_authenticated' } }, serve('authenticated'));
  app.get('/object/sign/:bucket/*', { ...bytes, config: { operation: 'storage.object.get_signed' } }, serve('signed'));
  app.get('/object/:bucket/*', { ...bytes, config: { operation: 'storage.object.get_authenticated' } }, serve('auto'));

  app.head('/object/public/:bucket/*', { config: { operation: 'storage.object.info_public' } }, head('public'));
  app.head('/object/authenticated/:bucket/*', { config: { operation: 'storage.object.head_authenticated_info' } }, head('authenticated'));
  app.head('/object/sign/:bucket/*', { config: { operation: 'storage.object.get_signed' } }, head('signed'));
  app.head('/object/:bucket/*', { config: { operation: 'storage.object.head_authenticated_info' } }, head('auto'));

  app.get('/object/info/public/:bucket/*', { config: { operation: 'storage.object.info_public' } }, info('public'));
  app.get('/object/info/authenticated/:bucket/*', { config: { operation: 'storage.object.info_authenticated' } }, info('authenticated'));
  app.get('/object/info/:bucket/*', { config: { operation: 'storage.object.info_authenticated' } }, info('authenticated'));
}
