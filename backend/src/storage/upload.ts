/**
 * One upload, in Supabase Storage's order: (1) the bucket, its limits and the member's quota, and
 * the caller's right to write this key — an INSERT (or upsert) as the caller, rolled back — all
 * before one byte of the file is read; (2) the bytes stream through the guard into the store under
 * a fresh version; (3) the row is written as the caller in a second short transaction, and the
 * version it replaced is deleted after the commit. Any failure after (2) deletes the new bytes.
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/types';
import { asCaller, checkAsCaller, internal, type CallerRun, type StorageContext } from './context';
import { ERRORS } from './errors';
import { UploadGuard } from './guard';
import type { IncomingFile } from './incoming';
import { checkAllowed } from './mime';
import { findBucket, findObject, lockKey, lockOwner, usageOf, writeObject, type BucketRow, type ObjectMetadata } from './sql';

export interface UploadTarget {
  bucket: string;
  name: string;
  upsert: boolean;
  /** Who will own the object (the caller's sub, or the signer's for a signed upload URL). */
  owner?: string;
  /**
   * Write the row as the backend instead of the caller: a signed upload URL, whose permission was
   * checked (as the signer) when it was made.
   */
  asBackend?: boolean;
}

/** The bucket and what the target may still take, from the backend's view (no RLS). */
async function limitsFor(tx: Tx, ctx: StorageContext, target: UploadTarget): Promise<{ bucket: BucketRow; maxBytes: number; quotaLeft: number }> {
  const bucket = await findBucket(tx, target.bucket);
  if (!bucket) throw ERRORS.noSuchBucket();
  const maxBytes = Math.min(ctx.services.config.STORAGE_FILE_SIZE_LIMIT, bucket.file_size_limit ?? Infinity);
  const quotaLeft = target.owner ? ctx.services.config.STORAGE_QUOTA_PER_MEMBER - (await usageOf(tx, target.owner, target.bucket, target.name)) : Infinity;
  return { bucket, maxBytes, quotaLeft };
}

/** Can the caller write this key? An INSERT (upsert: INSERT … ON CONFLICT DO UPDATE) as them, rolled back. */
export function canWrite(ctx: StorageContext, run: CallerRun, target: UploadTarget, metadata: Partial<ObjectMetadata>): Promise<void> {
  return checkAsCaller(ctx, run, (tx) => writeObject(tx, { id: randomUUID(), bucket: target.bucket, name: target.name, owner: target.owner, version: randomUUID(), metadata }, target.upsert));
}

/** The metadata Supabase Storage keeps for an object. */
export function objectMetadata(size: number, version: string, mimeType: string, cacheControl: string): ObjectMetadata {
  return { eTag: `"${version}"`, size, mimetype: mimeType, cacheControl, lastModified: new Date().toUTCString(), contentLength: size, httpStatusCode: 200 };
}

export interface Stored {
  id: string;
  version: string;
}

/** Write the row of bytes already stored under `version`; deletes what it replaced. */
export async function commitObject(ctx: StorageContext, run: CallerRun, target: UploadTarget, version: string, metadata: ObjectMetadata, userMetadata?: Record<string, unknown>): Promise<Stored> {
  let replaced: string | undefined;
  let id: string = randomUUID();
  const before = async (tx: Tx) => {
    await lockKey(tx, target.bucket, target.name);
    const old = await findObject(tx, target.bucket, target.name, true);
    if (old && !target.upsert) throw ERRORS.keyExists();
    if (old) {
      id = old.id;
      replaced = old.version;
    }
    if (target.owner) {
      await lockOwner(tx, target.owner);
      const used = await usageOf(tx, target.owner, target.bucket, target.name);
      if (used + metadata.size > ctx.services.config.STORAGE_QUOTA_PER_MEMBER) throw ERRORS.quotaExceeded(ctx.services.config.STORAGE_QUOTA_PER_MEMBER);
    }
  };
  const write = (tx: Tx) => writeObject(tx, { id, bucket: target.bucket, name: target.name, owner: target.owner, version, metadata, userMetadata }, target.upsert);
  try {
    if (target.asBackend) await internal(ctx, async (tx) => (await before(tx), write(tx)));
    else await asCaller(ctx, { ...run, before }, write);
  } catch (error) {
    await ctx.store.remove([version]).catch(() => undefined);
    throw error;
  }
  if (replaced && replaced !== version) await ctx.store.remove([replaced]).catch(() => undefined);
  return { id, version };
}

/** The whole upload of `file` to `target`. */
export async function uploadFile(ctx: StorageContext, run: CallerRun, target: UploadTarget, file: IncomingFile): Promise<Stored> {
  const { bucket, maxBytes, quotaLeft } = await internal(ctx, (tx) => limitsFor(tx, ctx, target));
  checkAllowed(file.mimeType, bucket.allowed_mime_types);
  const tooLarge = () => (quotaLeft < maxBytes ? ERRORS.quotaExceeded(ctx.services.config.STORAGE_QUOTA_PER_MEMBER) : ERRORS.entityTooLarge());
  const limit = Math.min(maxBytes, quotaLeft);
  if (file.length !== undefined && file.length > limit) throw tooLarge();
  if (!target.asBackend) await canWrite(ctx, run, target, { mimetype: file.mimeType, contentLength: file.length });

  const version = randomUUID();
  const guard = new UploadGuard({ maxBytes: Math.max(limit, 0), tooLarge, mimeType: file.mimeType });
  file.body.pipe(guard);
  file.body.on('error', (error) => guard.destroy(error));
  const size = await ctx.store.put(version, guard, { contentType: file.mimeType, cacheControl: file.cacheControl, length: file.length });
  return commitObject(ctx, run, target, version, objectMetadata(size, version, file.mimeType, file.cacheControl), file.userMetadata);
}
