/**
 * The queries behind list.ts. Names compare byte-wise (collate "C", the index's collation), so a
 * prefix is a `like 'prefix%'` range and a folder can be skipped with one seek: every key under
 * "a/b/" sorts before "a/b0" ('/' is 0x2F, '0' 0x30).
 */
import type { Tx } from '../db/types';

/** `like` pattern for "starts with `text`" (its own % _ \ escaped). */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ts = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ENTRY = `o.id, o.name, o.metadata, ${ts('o.created_at')} as created_at, ${ts('o.updated_at')} as updated_at, ${ts('o.last_accessed_at')} as last_accessed_at`;

export interface Entry {
  id: string | null;
  name: string;
  metadata?: unknown;
  created_at?: string | null;
  updated_at?: string | null;
  last_accessed_at?: string | null;
  /** The value of the sort column (cursor), when it is not the name. */
  sortValue?: string;
}

export interface FolderOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sort: { column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
}

/** One level under `prefix` (v1): folders then files, names relative to the prefix. */
export async function listFolder(tx: Tx, bucket: string, o: FolderOptions): Promise<unknown[]> {
  const dir = o.sort.order === 'desc' ? 'desc' : 'asc';
  const orderBy = o.sort.column === 'name' ? `name collate "C" ${dir}` : `kind, ${o.sort.column} ${dir} nulls last, name collate "C" ${dir}`;
  const { rows } = await tx.query(
    `with m as (
       select substr(o.name, $3) as rest, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
       from storage.objects o where o.bucket_id = $1 and o.name collate "C" like $2
     ), e as (
       select case when strpos(rest, '/') > 0 then split_part(rest, '/', 1) end as folder, * from m where rest ilike $4
     )
     select name, id, ${ts('updated_at')} as updated_at, ${ts('created_at')} as created_at, ${ts('last_accessed_at')} as last_accessed_at, metadata from (
       select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
         from e where folder is not null group by folder
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata, 1 from e where folder is null
     ) x order by ${orderBy} limit $5 offset $6`,
    [bucket, startsWith(o.prefix), o.prefix.length + 1, startsWith(o.search), o.limit, o.offset],
  );
  return rows;
}

export interface Page {
  entries: Entry[];
  hasNext: boolean;
}

export interface FlatOptions {
  prefix: string;
  limit: number;
  order: 'asc' | 'desc';
  column: 'name' | 'created_at' | 'updated_at';
  after?: string;
  value?: string;
}

/** Every key under `prefix` (v2 without delimiter), by name or by a timestamp then name. */
export async function listFlat(tx: Tx, bucket: string, o: FlatOptions): Promise<Page> {
  const dir = o.order === 'desc' ? 'desc' : 'asc';
  const op = dir === 'asc' ? '>' : '<';
  const params: unknown[] = [bucket, startsWith(o.prefix), o.limit + 1];
  let seek = '';
  if (o.after !== undefined && o.column === 'name') {
    params.push(o.after);
    seek = ` and o.name collate "C" ${op} $4`;
  } else if (o.after !== undefined) {
    params.push(o.value ?? null, o.after);
    seek = ` and (date_trunc('milliseconds', o.${o.column}), o.name collate "C") ${op} (coalesce($4::timestamptz, 'epoch'), $5)`;
  }
  const order = o.column === 'name' ? `o.name collate "C" ${dir}` : `date_trunc('milliseconds', o.${o.column}) ${dir}, o.name collate "C" ${dir}`;
  const sortValue = o.column === 'name' ? '' : `, ${ts(`date_trunc('milliseconds', o.${o.column})`)} as "sortValue"`;
  const { rows } = await tx.query<Entry>(`select ${ENTRY}${sortValue} from storage.objects o where o.bucket_id = $1 and o.name collate "C" like $2${seek} order by ${order} limit $3`, params);
  return { entries: rows.slice(0, o.limit), hasNext: rows.length > o.limit };
}

export interface DelimitedOptions {
  prefix: string;
  limit: number;
  order: 'asc' | 'desc';
  after?: string;
}

/** Keys under `prefix` with sub-folders folded (v2 with delimiter "/"), in name order. */
export async function listDelimited(tx: Tx, bucket: string, o: DelimitedOptions): Promise<Page> {
  const asc = o.order !== 'desc';
  const entries: Entry[] = [];
  // The next seek: a bound and whether it is inclusive. A folder is skipped past as a whole.
  const skip = (folder: string) => (asc ? { bound: `${folder.slice(0, -1)}0`, inclusive: true } : { bound: folder, inclusive: false });
  let seek = o.after === undefined ? undefined : o.after.endsWith('/') ? skip(o.after) : { bound: o.after, inclusive: false };
  for (;;) {
    const want = o.limit + 1 - entries.length;
    const op = asc ? (seek?.inclusive ? '>=' : '>') : '<';
    const { rows } = await tx.query<Entry>(
      `select ${ENTRY} from storage.objects o where o.bucket_id = $1 and o.name collate "C" like $2${seek ? ` and o.name collate "C" ${op} $4` : ''} order by o.name collate "C" ${asc ? 'asc' : 'desc'} limit $3`,
      seek ? [bucket, startsWith(o.prefix), want, seek.bound] : [bucket, startsWith(o.prefix), want],
    );
    let folded = false;
    for (const row of rows) {
      const slash = row.name.indexOf('/', o.prefix.length);
      if (slash < 0) {
        entries.push(row);
        continue;
      }
      const folder = row.name.slice(0, slash + 1);
      entries.push({ id: null, name: folder });
      seek = skip(folder);
      folded = true;
      break;
    }
    if (!folded || entries.length > o.limit) {
      return { entries: entries.slice(0, o.limit), hasNext: entries.length > o.limit || (!folded && rows.length === want && entries.length > o.limit) };
    }
  }
}
