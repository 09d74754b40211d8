/**
 * Listing, as the caller (a SELECT policy decides what exists for them):
 *   list    (v1) — one folder level under `prefix`: sub-folders (id null) and objects, names relative
 *                  to the prefix; `search` narrows by the start of the name; sort by name,
 *                  created_at, updated_at or last_accessed_at; limit/offset (at most 1,000 a page);
 *   list-v2      — full keys under `prefix` in key order (or by created_at / updated_at), a cursor
 *                  for the next page; `with_delimiter` folds sub-folders into `folders`, found by
 *                  skipping past each folder (one index seek per folder, not a scan of its objects).
 * Every query is an index range scan on (bucket_id, name collate "C") bounded by the page size.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../db/types';
import { storageCaller } from './caller';
import { asCaller, type StorageContext } from './context';
import { parse } from './input';
import { mustBeValidBucketName, mustBeValidPrefix } from './names';
import { listFolder, listFlat, listDelimited } from './list-sql';
import { ERRORS } from './errors';

const v1 = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).default(100),
  offset: z.number().int().min(0).max(100_000).default(0),
  sortBy: z.object({ column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']), order: z.enum(['asc', 'desc']).optional() }).optional(),
  search: z.string().max(1024).optional(),
});
const v2 = z.object({
  prefix: z.string().max(1024).optional(),
  limit: z.number().int().min(1).optional(),
  cursor: z.string().max(4096).optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z.object({ column: z.enum(['name', 'updated_at', 'created_at']), order: z.enum(['asc', 'desc']).optional() }).optional(),
});

/** A page is at most this many entries (Supabase Storage: 1,000). */
export const MAX_PAGE = 1000;

interface Cursor {
  after: string;
  order: 'asc' | 'desc';
  column: 'name' | 'created_at' | 'updated_at';
  /** The sort column's value of the last entry (column ≠ name). */
  value?: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.after === 'string' && ['asc', 'desc'].includes(c.order) && ['name', 'created_at', 'updated_at'].includes(c.column)) return c;
  } catch {
    // falls through
  }
  throw ERRORS.invalidParameter('cursor', 'Invalid Parameter continuation token');
}

export function listRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const run = async (request: FastifyRequest, fn: (tx: Tx) => Promise<unknown>) => asCaller(ctx, { request, caller: await storageCaller(request, ctx.services), readOnly: true }, fn);

  app.post<{ Params: { bucket: string } }>('/object/list/:bucket', { config: { operation: 'storage.object.list' } }, async (request) => {
    mustBeValidBucketName(request.params.bucket);
    const b = parse(v1, request.body);
    let prefix = b.prefix;
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    mustBeValidPrefix(prefix);
    const sort = { column: b.sortBy?.column ?? 'name', order: b.sortBy?.order ?? 'asc' } as const;
    return run(request, (tx) => listFolder(tx, request.params.bucket, { prefix, search: b.search ?? '', limit: Math.min(b.limit, MAX_PAGE), offset: b.offset, sort }));
  });

  app.post<{ Params: { bucket: string } }>('/object/list-v2/:bucket', { config: { operation: 'storage.object.list_v2' } }, async (request) => {
    mustBeValidBucketName(request.params.bucket);
    const b = parse(v2, request.body);
    const prefix = b.prefix ?? '';
    if (prefix) mustBeValidPrefix(prefix);
    const cursor = b.cursor ? decodeCursor(b.cursor) : undefined;
    const limit = Math.min(b.limit ?? MAX_PAGE, MAX_PAGE);
    const order = cursor?.order ?? b.sortBy?.order ?? 'asc';
    const column = b.with_delimiter ? 'name' : (cursor?.column ?? b.sortBy?.column ?? 'name');
    const page = await run(request, (tx) =>
      b.with_delimiter
        ? listDelimited(tx, request.params.bucket, { prefix, limit, order, after: cursor?.after })
        : listFlat(tx, request.params.bucket, { prefix, limit, order, column, after: cursor?.after, value: cursor?.value }),
    ) as Awaited<ReturnType<typeof listFlat>>;
    const last = page.entries[page.entries.length - 1];
    const nextCursor = page.hasNext && last ? encodeCursor({ after: last.name, order, column, value: last.sortValue }) : undefined;
    return {
      hasNext: page.hasNext,
      ...(nextCursor ? { nextCursor } : {}),
      folders: page.entries.filter((e) => e.id === null).map((e) => ({ name: e.name, key: e.name })),
      objects: page.entries.filter((e) => e.id !== null).map(({ sortValue: _s, ...o }) => ({ ...o, key: o.name })),
    };
  });
}
