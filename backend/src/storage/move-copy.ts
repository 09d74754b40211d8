/**
 * `move` and `copy` within a bucket or into another. A move renames the row as the caller (an
 * UPDATE policy decides: the old row must be theirs to change, the new one must pass its check)
 * and moves no byte: bytes are keyed by version. A copy reads the source as the caller, checks the
 * destination as an upload would, copies the bytes under a new version and commits the new row.
 * Either way the destination bucket's rules apply (size limit, allowed types): an object cannot
 * be moved around a bucket's rules.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../db/types';
import { storageCaller } from './caller';
import { asCaller, internal, type StorageContext } from './context';
import { ERRORS } from './errors';
import { parse } from './input';
import { checkAllowed } from './mime';
import { mustBeValidBucketName, mustBeValidKey } from './names';
import { findBucket, findObject, lockKey, lockOwner, usageOf, type ObjectRow } from './sql';
import { canWrite, commitObject, objectMetadata } from './upload';

const body = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  copyMetadata: z.boolean().optional(),
});

function keysOf(request: FastifyRequest) {
  const b = parse(body, request.body);
  const to = b.destinationBucket ?? b.bucketId;
  mustBeValidBucketName(b.bucketId);
  mustBeValidBucketName(to);
  mustBeValidKey(b.sourceKey);
  mustBeValidKey(b.destinationKey);
  return { from: b.bucketId, source: b.sourceKey, to, dest: b.destinationKey, copyMetadata: b.copyMetadata !== false };
}

/** The destination bucket exists and takes an object like `source`. */
async function checkDestination(ctx: StorageContext, tx: Tx, to: string, source: ObjectRow): Promise<void> {
  const bucket = await findBucket(tx, to);
  if (!bucket) throw ERRORS.noSuchBucket();
  const size = source.metadata?.size ?? 0;
  if (size > Math.min(ctx.services.config.STORAGE_FILE_SIZE_LIMIT, bucket.file_size_limit ?? Infinity)) throw ERRORS.entityTooLarge();
  checkAllowed(source.metadata?.mimetype ?? 'application/octet-stream', bucket.allowed_mime_types);
}

export function moveCopyRoutes(app: FastifyInstance, ctx: StorageContext): void {
  app.post('/object/move', { config: { operation: 'storage.object.move' } }, async (request) => {
    const k = keysOf(request);
    const caller = await storageCaller(request, ctx.services);
    const before = async (tx: Tx) => {
      await lockKey(tx, k.to, k.dest);
      const source = await findObject(tx, k.from, k.source, true);
      if (!source) return; // the UPDATE below then finds nothing: NoSuchKey
      await checkDestination(ctx, tx, k.to, source);
      if (await findObject(tx, k.to, k.dest)) throw ERRORS.keyExists();
      if (caller.owner && caller.owner !== source.owner) {
        await lockOwner(tx, caller.owner);
        if ((await usageOf(tx, caller.owner, k.to, k.dest)) + (source.metadata?.size ?? 0) > ctx.services.config.STORAGE_QUOTA_PER_MEMBER) throw ERRORS.quotaExceeded(ctx.services.config.STORAGE_QUOTA_PER_MEMBER);
      }
    };
    const { affectedRows } = await asCaller(ctx, { request, caller, before }, (tx) =>
      tx.query('update storage.objects set bucket_id = $3, name = $4, owner = $5::text::uuid, owner_id = $5::text where bucket_id = $1 and name = $2', [k.from, k.source, k.to, k.dest, caller.owner ?? null]),
    );
    if (affectedRows === 0) throw ERRORS.noSuchKey();
    return { message: 'Successfully moved' };
  });

  app.post('/object/copy', { config: { operation: 'storage.object.copy' } }, async (request) => {
    const k = keysOf(request);
    const caller = await storageCaller(request, ctx.services);
    const run = { request, caller };
    const source = await asCaller(ctx, { ...run, readOnly: true }, (tx) => findObject(tx, k.from, k.source));
    if (!source) throw ERRORS.noSuchKey();
    await internal(ctx, (tx) => checkDestination(ctx, tx, k.to, source));
    const target = { bucket: k.to, name: k.dest, upsert: request.headers['x-upsert'] === 'true', owner: caller.owner };
    const meta = source.metadata;
    await canWrite(ctx, run, target, { mimetype: meta?.mimetype, contentLength: meta?.size });
    const version = randomUUID();
    await ctx.store.copy(source.version, version);
    const metadata = objectMetadata(meta?.size ?? 0, version, meta?.mimetype ?? 'application/octet-stream', meta?.cacheControl ?? 'no-cache');
    const stored = await commitObject(ctx, run, target, version, metadata, k.copyMetadata ? (source.user_metadata ?? undefined) : undefined);
    return { Id: stored.id, Key: `${k.to}/${k.dest}` };
  });
}
