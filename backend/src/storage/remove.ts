/**
 * Removing objects: the rows go as the caller (a DELETE policy decides, and, as in Supabase
 * Storage, the RETURNING needs a SELECT policy too), then their bytes, after the commit. A crash
 * between the two leaves unreferenced bytes, never a row without bytes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storageCaller } from './caller';
import { asCaller, type CallerRun, type StorageContext } from './context';
import { parse } from './input';
import { mustBeValidBucketName, mustBeValidKey } from './names';
import { OBJECT_COLUMNS, type ObjectRow } from './sql';
import { ERRORS } from './errors';

/** Names one request may remove (Supabase Storage's limit). */
export const MAX_REMOVE = 1000;

/** Remove `names` (or any `limit` objects) of `bucket` the caller may delete; resolves with the rows removed. */
export async function removeObjects(ctx: StorageContext, run: CallerRun, bucket: string, which: { names?: string[]; limit?: number }): Promise<ObjectRow[]> {
  const rows = await asCaller(ctx, run, async (tx) => {
    const where = which.names ? 'name = any($2::text[])' : `id in (select id from storage.objects where bucket_id = $1 limit $2)`;
    const { rows } = await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and ${where} returning ${OBJECT_COLUMNS}`, [bucket, which.names ?? which.limit ?? MAX_REMOVE]);
    return rows;
  });
  await ctx.store.remove(rows.map((r) => r.version).filter(Boolean));
  return rows;
}

const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(MAX_REMOVE) });

export function removeRoutes(app: FastifyInstance, ctx: StorageContext): void {
  // remove([...]): the deleted objects, as storage answers them.
  app.delete<{ Params: { bucket: string } }>('/object/:bucket', { config: { operation: 'storage.object.delete_many' } }, async (request) => {
    mustBeValidBucketName(request.params.bucket);
    const { prefixes } = parse(removeBody, request.body);
    const run = { request, caller: await storageCaller(request, ctx.services) };
    return removeObjects(ctx, run, request.params.bucket, { names: prefixes });
  });

  app.delete<{ Params: { bucket: string; '*': string } }>('/object/:bucket/*', { config: { operation: 'storage.object.delete' } }, async (request) => {
    mustBeValidBucketName(request.params.bucket);
    mustBeValidKey(request.params['*']);
    const run = { request, caller: await storageCaller(request, ctx.services) };
    const removed = await removeObjects(ctx, run, request.params.bucket, { names: [request.params['*']] });
    if (!removed.length) throw ERRORS.noSuchKey();
    return { message: 'Successfully deleted' };
  });
}
