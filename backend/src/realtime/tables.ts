/**
 * What realtime needs to know about a published table, read from the catalog: its columns (name,
 * Realtime's type name — the udt name realtime-js converts by — and the SQL type filters cast to),
 * its primary key, whether it is in the `supabase_realtime` publication, and which columns each
 * API role may select (a payload carries only those, as Realtime's does). Cached for 30 s, per
 * database: apps of one process (the tests run many) never see another database's catalog.
 */
import type { Database, Tx } from '../db/types';

export interface Column {
  name: string;
  /** udt name, e.g. int4, numeric, _text, timestamptz. */
  type: string;
  /** format_type(), e.g. numeric, text[], timestamp with time zone: what filter values are cast to. */
  sqlType: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  /** The table's name quoted for SQL, e.g. "public"."gigs". */
  sql: string;
  columns: Column[];
  pk: string[];
  published: boolean;
  /** Row-level security is enabled (otherwise the table privilege alone decides). */
  rls: boolean;
  /** Columns each role may select (roles that may select none are absent). */
  selectable: Map<string, Set<string>>;
  /** pg_class oid (its policies are read per change, never cached: see read-policy.ts). */
  oid: number;
}

const TTL_MS = 30_000;
type Cache = Map<string, { at: number; info: TableInfo | null }>;
const caches = new WeakMap<Database, Cache>();

function cacheOf(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The cached description, when fresh (no transaction needed). */
export function cachedTable(db: Database, schema: string, table: string, now = Date.now()): TableInfo | null | undefined {
  const hit = cacheOf(db).get(`${schema}\u0000${table}`);
  return hit && now - hit.at < TTL_MS ? hit.info : undefined;
}

/** The table, or null when there is no such table. */
export async function describeTable(db: Database, tx: Tx, schema: string, table: string, now = Date.now()): Promise<TableInfo | null> {
  const cache = cacheOf(db);
  const key = `${schema}\u0000${table}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.info;
  const { rows } = await tx.query<{ oid: number; published: boolean; rls: boolean }>(
    `select c.oid::int as oid, c.relrowsecurity as rls,
            exists(select 1 from pg_publication_tables p where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname) as published
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  );
  const found = rows[0];
  let info: TableInfo | null = null;
  if (found) {
    const cols = await tx.query<{ name: string; type: string; sql_type: string; pk: boolean; roles: string[] }>(
      `select a.attname as name, t.typname as type, format_type(a.atttypid, a.atttypmod) as sql_type,
              exists(select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey)) as pk,
              array(select r from unnest(array['anon', 'authenticated', 'service_role']) r
                     where exists(select 1 from pg_roles where rolname = r) and has_column_privilege(r, a.attrelid, a.attnum, 'SELECT')) as roles
         from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [found.oid],
    );
    const selectable = new Map<string, Set<string>>();
    for (const c of cols.rows) {
      for (const r of c.roles) {
        if (!selectable.has(r)) selectable.set(r, new Set());
        selectable.get(r)!.add(c.name);
      }
    }
    info = {
      schema,
      table,
      sql: `${quoteIdent(schema)}.${quoteIdent(table)}`,
      columns: cols.rows.map((c) => ({ name: c.name, type: c.type, sqlType: c.sql_type })),
      pk: cols.rows.filter((c) => c.pk).map((c) => c.name),
      published: found.published,
      rls: found.rls,
      selectable,
      oid: found.oid,
    };
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, { at: now, info });
  return info;
}

/** Published tables of a schema (a subscription without a table, or with `*`). */
export async function publishedTables(tx: Tx, schema: string): Promise<string[]> {
  const { rows } = await tx.query<{ tablename: string }>(
    `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1 order by tablename`,
    [schema],
  );
  return rows.map((r) => r.tablename);
}
