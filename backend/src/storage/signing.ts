/**
 * Making signed URLs: one download URL (`createSignedUrl`, with a transformation it points at
 * /render/image), many (`createSignedUrls`), and upload URLs (`createSignedUploadUrl`). Only an
 * object the caller can read is signed for download (a SELECT as the caller), only a key the
 * caller may write for upload (an INSERT as the caller, rolled back), as Supabase Storage does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storageCaller } from './caller';
import { asCaller, internal, type StorageContext } from './context';
import { ERRORS } from './errors';
import { parse } from './input';
import { mustBeValidBucketName, mustBeValidKey } from './names';
import { findBucket, findObject } from './sql';
import { signToken } from './tokens';
import { hasTransform, transformSchema } from './transform-options';
import { canWrite } from './upload';

/** The longest a signed download URL may live: one year. */
const MAX_EXPIRES_IN = 365 * 24 * 3600;
const expiresIn = z.number().int().min(1).max(MAX_EXPIRES_IN);
const signOne = z.object({ expiresIn, transform: transformSchema.optional() });
const signMany = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });

type Params = { bucket: string; '*': string };

export function signingRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const keyOf = (request: FastifyRequest<{ Params: Params }>) => {
    mustBeValidBucketName(request.params.bucket);
    mustBeValidKey(request.params['*']);
    return { bucket: request.params.bucket, name: request.params['*'] };
  };
  const as = async (request: FastifyRequest) => ({ request, caller: await storageCaller(request, ctx.services), readOnly: true });

  app.post<{ Params: Params }>('/object/sign/:bucket/*', { config: { operation: 'storage.object.sign' } }, async (request) => {
    const { bucket, name } = keyOf(request);
    const body = parse(signOne, request.body);
    const found = await asCaller(ctx, await as(request), (tx) => findObject(tx, bucket, name));
    if (!found) throw ERRORS.noSuchKey();
    const transform = hasTransform(body.transform) ? body.transform : undefined;
    const token = await signToken(ctx.services, { url: `${bucket}/${name}`, scope: 'download', ...(transform ? { transform } : {}) }, body.expiresIn);
    return { signedURL: `/${transform ? 'render/image' : 'object'}/sign/${bucket}/${name}?token=${token}` };
  });

  app.post<{ Params: { bucket: string } }>('/object/sign/:bucket', { config: { operation: 'storage.object.sign_many' } }, async (request) => {
    const { bucket } = request.params;
    mustBeValidBucketName(bucket);
    const body = parse(signMany, request.body);
    const visible = await asCaller(ctx, await as(request), async (tx) => {
      const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, body.paths]);
      return new Set(rows.map((r) => r.name));
    });
    return Promise.all(
      body.paths.map(async (path) => {
        if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
        const token = await signToken(ctx.services, { url: `${bucket}/${path}`, scope: 'download' }, body.expiresIn);
        return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
      }),
    );
  });

  app.post<{ Params: Params }>('/object/upload/sign/:bucket/*', { config: { operation: 'storage.object.sign_upload_url' } }, async (request) => {
    const { bucket, name } = keyOf(request);
    const caller = await storageCaller(request, ctx.services);
    const upsert = request.headers['x-upsert'] === 'true';
    if (!(await internal(ctx, (tx) => findBucket(tx, bucket)))) throw ERRORS.noSuchBucket();
    await canWrite(ctx, { request, caller }, { bucket, name, upsert, owner: caller.owner }, {});
    const token = await signToken(ctx.services, { url: `${bucket}/${name}`, scope: 'upload', owner: caller.owner, upsert }, ctx.services.config.STORAGE_SIGNED_UPLOAD_URL_EXPIRY);
    return { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token };
  });
}
