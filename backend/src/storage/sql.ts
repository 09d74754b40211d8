/**
 * The SQL of /storage/v1 on storage.buckets and storage.objects, in one module. Each function runs
 * on the transaction it is given: as the caller (row-level security applies) or as the backend
 * (context.ts decides). Writes as the caller never use RETURNING: that would also need a SELECT
 * policy, and an app may allow inserting into a drop box it cannot read (ids are made here).
 */
import type { Tx } from '../db/types';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
  type: string;
}

/** Supabase Storage's object metadata (the keys storage-js and apps read). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const ts = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${c}`;
export const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, ${ts('created_at')}, ${ts('updated_at')}, type`;
export const OBJECT_COLUMNS = `id, bucket_id, name, owner, version, metadata, user_metadata, ${ts('created_at')}, ${ts('updated_at')}, ${ts('last_accessed_at')}`;

export async function findBucket(tx: Tx, id: string): Promise<BucketRow | undefined> {
  const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return rows[0];
}

export async function findObject(tx: Tx, bucket: string, name: string, forUpdate = false): Promise<ObjectRow | undefined> {
  const { rows } = await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2${forUpdate ? ' for update' : ''}`, [bucket, name]);
  return rows[0];
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner?: string;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata?: Record<string, unknown>;
}

/** Insert (or, with `upsert`, insert or replace) an object row; a duplicate without upsert is 23505. */
export async function writeObject(tx: Tx, o: NewObject, upsert: boolean): Promise<void> {
  const conflict = upsert
    ? ' on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata, last_accessed_at = now()'
    : '';
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata) values ($1, $2, $3, $4::text::uuid, $4::text, $5, $6, $7)${conflict}`,
    [o.id, o.bucket, o.name, o.owner ?? null, o.version, JSON.stringify(o.metadata), o.userMetadata ? JSON.stringify(o.userMetadata) : null],
  );
}

/**
 * Serialise writers of one key (bucket, name) to the end of the transaction: two uploads of the
 * same name commit one after the other, so the replaced version is always known and deleted.
 */
export async function lockKey(tx: Tx, bucket: string, name: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('storage:' || $1 || '/' || $2, 0))`, [bucket, name]);
}

/** Serialise one member's writes, so two concurrent uploads cannot both pass the quota. */
export async function lockOwner(tx: Tx, owner: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('storage-owner:' || $1, 0))`, [owner]);
}

/** Bytes stored by `owner`, leaving out the object being replaced (bucket, name). */
export async function usageOf(tx: Tx, owner: string, bucket: string, name: string): Promise<number> {
  const { rows } = await tx.query<{ used: number }>(
    `select coalesce(sum((metadata ->> 'size')::float8), 0)::float8 as used from storage.objects where owner = $1 and not (bucket_id = $2 and name = $3)`,
    [owner, bucket, name],
  );
  return rows[0]?.used ?? 0;
}
