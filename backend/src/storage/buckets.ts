/**
 * /bucket — create, list, get, update, empty and delete buckets, as the caller: row-level
 * security on storage.buckets decides (none is defined by default, so only the service role may
 * manage buckets unless the app adds policies; the app usually creates its buckets in SQL).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storageCaller } from './caller';
import { asCaller, type StorageContext } from './context';
import { ERRORS } from './errors';
import { fileSize, mimeList, parse, queryInt } from './input';
import { mustBeValidBucketName } from './names';
import { BUCKET_COLUMNS, findBucket, type BucketRow } from './sql';
import { removeObjects } from './remove';

const createBody = z.object({
  id: z.string().optional(),
  name: z.string(),
  public: z.boolean().optional(),
  type: z.enum(['STANDARD']).optional(),
  file_size_limit: fileSize.nullable().optional(),
  allowed_mime_types: mimeList.nullable().optional(),
});
const updateBody = createBody.omit({ id: true, name: true, type: true }).extend({ name: z.string().optional() });
const listQuery = z.object({
  limit: queryInt(1, 1000).optional(),
  offset: queryInt(0, 1_000_000).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(100).optional(),
});

/** Objects removed per round by "empty" (each round one transaction and one batch of bytes). */
const EMPTY_BATCH = 500;

export function bucketRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const as = async (request: FastifyRequest) => ({ request, caller: await storageCaller(request, ctx.services) });

  app.post('/bucket', { config: { operation: 'storage.bucket.create' } }, async (request) => {
    const body = parse(createBody, request.body);
    const id = body.id ?? body.name;
    mustBeValidBucketName(id);
    mustBeValidBucketName(body.name);
    const run = await as(request);
    await asCaller(ctx, run, (tx) =>
      tx.query('insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3::text::uuid, $3::text, $4, $5, $6)', [
        id, body.name, run.caller.owner ?? null, body.public ?? false, body.file_size_limit ?? null, body.allowed_mime_types ?? null,
      ]),
    ).catch((error: unknown) => {
      throw (error as { code?: string }).code === 'ResourceAlreadyExists' ? ERRORS.bucketExists() : error;
    });
    return { name: id };
  });

  app.get('/bucket', { config: { operation: 'storage.bucket.list' } }, async (request) => {
    const q = parse(listQuery, request.query, 'querystring');
    const order = `${q.sortColumn ?? 'name'} ${q.sortOrder ?? 'asc'}`;
    const rows = await asCaller(ctx, { ...(await as(request)), readOnly: true }, (tx) =>
      tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where ($1::text is null or name ilike '%' || $1 || '%') order by ${order} limit $2 offset $3`, [
        q.search ?? null, q.limit ?? 1000, q.offset ?? 0,
      ]),
    );
    return rows.rows;
  });

  app.get<{ Params: { id: string } }>('/bucket/:id', { config: { operation: 'storage.bucket.get' } }, async (request) => {
    const bucket = await asCaller(ctx, { ...(await as(request)), readOnly: true }, (tx) => findBucket(tx, request.params.id));
    if (!bucket) throw ERRORS.noSuchBucket();
    return bucket;
  });

  app.put<{ Params: { id: string } }>('/bucket/:id', { config: { operation: 'storage.bucket.update' } }, async (request) => {
    const body = parse(updateBody, request.body);
    const { affectedRows } = await asCaller(ctx, await as(request), (tx) =>
      tx.query(
        `update storage.buckets set public = coalesce($2, public),
           file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end
         where id = $1`,
        [request.params.id, body.public ?? null, body.file_size_limit !== undefined, body.file_size_limit ?? null, body.allowed_mime_types !== undefined, body.allowed_mime_types ?? null],
      ),
    );
    if (affectedRows === 0) throw ERRORS.noSuchBucket();
    return { message: 'Successfully updated' };
  });

  app.post<{ Params: { id: string } }>('/bucket/:id/empty', { config: { operation: 'storage.bucket.empty' } }, async (request) => {
    const run = await as(request);
    if (!(await asCaller(ctx, { ...run, readOnly: true }, (tx) => findBucket(tx, request.params.id)))) throw ERRORS.noSuchBucket();
    // In rounds: each removes what the caller may delete, as the caller; stops when a round removes nothing.
    for (;;) {
      const removed = await removeObjects(ctx, run, request.params.id, { limit: EMPTY_BATCH });
      if (removed.length < EMPTY_BATCH) break;
    }
    return { message: 'Successfully emptied' };
  });

  app.delete<{ Params: { id: string } }>('/bucket/:id', { config: { operation: 'storage.bucket.delete' } }, async (request) => {
    const run = await as(request);
    // As the caller: a bucket it cannot see is "not found"; one it can delete that still holds
    // objects (its own or others') fails on the foreign key: "not empty".
    const { affectedRows } = await asCaller(ctx, run, (tx) => tx.query('delete from storage.buckets where id = $1', [request.params.id])).catch((error: unknown) => {
      throw (error as { code?: string }).code === 'ResourceReferenced' ? ERRORS.bucketNotEmpty() : error;
    });
    if (affectedRows === 0) throw ERRORS.noSuchBucket();
    return { message: 'Successfully deleted' };
  });
}
