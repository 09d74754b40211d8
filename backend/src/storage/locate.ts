/**
 * Finding the object a read addresses, as Supabase Storage decides who may read it:
 *   public        — the bucket must be public; nobody's token matters;
 *   authenticated — a verified token is required; a private bucket's object is found as the
 *                   caller (a SELECT policy decides), a public bucket's by the backend;
 *   auto          — /object/{bucket}/{name}: authenticated when a valid token comes, else public;
 *   signed        — a token made by createSignedUrl for exactly this object.
 * An object the caller may not read answers like a missing one (no existence oracle).
 */
import type { FastifyRequest } from 'fastify';
import { storageCaller } from './caller';
import { asCaller, internal, type StorageContext } from './context';
import { ERRORS } from './errors';
import { mustBeValidBucketName, mustBeValidKey } from './names';
import { findBucket, findObject, type ObjectRow } from './sql';
import { verifyToken, type SignedToken } from './tokens';

export type ReadMode = 'public' | 'authenticated' | 'auto' | 'signed';

export interface Located {
  obj: ObjectRow;
  /** The verified token of a signed read. */
  token?: SignedToken;
}

type Req = FastifyRequest<{ Params: { bucket: string; '*': string }; Querystring: Record<string, unknown> }>;

export async function locate(ctx: StorageContext, request: Req, mode: ReadMode): Promise<Located> {
  const { bucket } = request.params;
  const name = request.params['*'];
  mustBeValidBucketName(bucket);
  mustBeValidKey(name);
  if (mode === 'signed') {
    const token = await verifyToken(ctx.services, request.query.token, 'download', bucket, name);
    const obj = await internal(ctx, (tx) => findObject(tx, bucket, name));
    if (!obj) throw ERRORS.noSuchKey();
    return { obj, token };
  }
  const caller = mode === 'public' ? undefined : await storageCaller(request, ctx.services, mode === 'auto');
  const row = await internal(ctx, (tx) => findBucket(tx, bucket));
  if (!row || (!row.public && (!caller || !caller.authenticated))) throw ERRORS.noSuchBucket();
  const obj = row.public
    ? await internal(ctx, (tx) => findObject(tx, bucket, name))
    : await asCaller(ctx, { request, caller: caller!, readOnly: true }, (tx) => findObject(tx, bucket, name));
  if (!obj) throw ERRORS.noSuchKey();
  return { obj };
}
