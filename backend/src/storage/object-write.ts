/**
 * Uploading: `upload` (POST, `x-upsert: true` to replace), `update` (PUT: replace, which needs an
 * UPDATE policy as in Supabase), and `uploadToSignedUrl` (PUT with a token from
 * createSignedUploadUrl: no Authorization needed, the signer is the owner). The flow is upload.ts.
 * Bodies are never parsed by Fastify here: the stream goes to the store.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storageCaller, ANON_CALLER } from './caller';
import type { StorageContext } from './context';
import { incomingFile } from './incoming';
import { mustBeValidBucketName, mustBeValidKey } from './names';
import { verifyToken } from './tokens';
import { uploadFile, type UploadTarget } from './upload';

type Req = FastifyRequest<{ Params: { bucket: string; '*': string }; Querystring: Record<string, unknown> }>;

function keyOf(request: Req) {
  mustBeValidBucketName(request.params.bucket);
  mustBeValidKey(request.params['*']);
  return { bucket: request.params.bucket, name: request.params['*'] };
}

export function objectWriteRoutes(app: FastifyInstance, ctx: StorageContext): void {
  // The body is the file: never read by Fastify (no size limit of its own, no buffering).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const upload = (upsertAlways: boolean) => async (request: Req) => {
    const { bucket, name } = keyOf(request);
    const caller = await storageCaller(request, ctx.services);
    const target: UploadTarget = { bucket, name, upsert: upsertAlways || request.headers['x-upsert'] === 'true', owner: caller.owner };
    const file = await incomingFile(request.raw);
    const stored = await uploadFile(ctx, { request, caller }, target, file);
    return { Id: stored.id, Key: `${bucket}/${name}` };
  };

  app.post('/object/:bucket/*', { config: { operation: 'storage.object.upload' } }, upload(false));
  app.put('/object/:bucket/*', { config: { operation: 'storage.object.upload_update' } }, upload(true));

  app.put('/object/upload/sign/:bucket/*', { config: { operation: 'storage.object.upload_signed' } }, async (request: Req) => {
    const { bucket, name } = keyOf(request);
    const token = await verifyToken(ctx.services, request.query.token, 'upload', bucket, name);
    const file = await incomingFile(request.raw);
    const target: UploadTarget = { bucket, name, upsert: token.upsert === true, owner: token.owner, asBackend: true };
    await uploadFile(ctx, { request, caller: ANON_CALLER }, target, file);
    return { Key: `${bucket}/${name}` };
  });
}
