/**
 * The schema cache: what /rest/v1 exposes, read from pg_catalog (tables and views with their
 * columns and types, primary keys, foreign keys for embedding, functions for /rpc). Built lazily
 * on the first request; `reload()` rebuilds it (after migrations), and a lookup that misses
 * reloads at most once per RELOAD_INTERVAL_MS so objects created after start appear.
 */
import type { Database, Tx } from '../db/types';

export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  /** format_type(atttypid, null): a castable type name straight from the catalog (e.g. "text[]"). */
  type: string;
  /** Base type name of the element or the type itself (e.g. "text" for text[]). */
  baseType: string;
  isArray: boolean;
  nullable: boolean;
  /** pg_get_expr of the column default (trusted catalog text) or null. */
  defaultExpr: string | null;
  identity: boolean;
  generated: boolean;
}

export interface Relationship {
  /** Constraint name, usable as an embedding hint. */
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  /** Column names in order. */
  columnOrder: string[];
  primaryKey: string[];
  /**
   * Row-level security applies (or may: every view counts, since it reads other tables). The
   * planner's row estimate counts every row, so it is never given for these (read.ts).
   */
  rls: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  baseType: string;
  isArray: boolean;
  hasDefault: boolean;
}

export interface RoutineDef {
  name: string;
  args: FunctionArg[];
  /** format_type of the return type. */
  returnType: string;
  returnsSet: boolean;
  /** Composite (a table row type or OUT/TABLE params): rendered as an object / array of objects. */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
  /** The columns of a composite result (OUT/TABLE parameters, or the composite type's attributes). */
  columns: FunctionArg[];
}

export interface SchemaCache {
  tables: Map<string, Table>;
  /** Foreign keys, each seen from its owning table. */
  relationships: Relationship[];
  functions: Map<string, RoutineDef[]>;
  loadedAt: number;
}

const TABLES_SQL = `
select c.relname as table, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
       (c.relrowsecurity or c.relkind not in ('r', 'p', 'f')) as rls,
       a.attname as column, format_type(a.atttypid, null) as type,
       coalesce(et.typname, t.typname) as base_type, (t.typcategory = 'A') as is_array,
       not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as default_expr,
       a.attidentity <> '' as identity, a.attgenerated <> '' as generated
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by c.relname, a.attnum`;

const PKEYS_SQL = `
select c.relname as table, array_agg(a.attname order by k.ord)::text[] as columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
where n.nspname = $1 and con.contype = 'p'
group by c.relname`;

const FKEYS_SQL = `
select con.conname as name, c.relname as table, fc.relname as foreign_table,
       array_agg(a.attname order by k.ord)::text[] as columns,
       array_agg(fa.attname order by k.ord)::text[] as foreign_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid
join pg_namespace fn on fn.oid = fc.relnamespace
cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(attnum, fattnum, ord)
join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
join pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = k.fattnum
where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1
group by con.conname, c.relname, fc.relname
order by c.relname, con.conname`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile as volatility,
       format_type(p.prorettype, null) as return_type,
       (rt.typtype = 'c' or (rt.typname = 'record' and coalesce(array_length(p.proallargtypes, 1), 0) > 0)) as returns_composite,
       rt.typname = 'void' as returns_void,
       p.pronargs as nargs, p.pronargdefaults as nargdefaults,
       coalesce((
         select json_agg(json_build_object('name', coalesce(p.proargnames[i.ord], ''), 'type', format_type(i.typ, null),
                  'base_type', coalesce(et.typname, t.typname), 'is_array', t.typcategory = 'A') order by i.ord)
         from unnest(p.proargtypes::oid[]) with ordinality as i(typ, ord)
         join pg_type t on t.oid = i.typ
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       ), '[]'::json)::text as args,
       coalesce((
         select json_agg(json_build_object('name', p.proargnames[i.ord], 'type', format_type(i.typ, null),
                  'base_type', coalesce(et.typname, t.typname), 'is_array', t.typcategory = 'A') order by i.ord)
         from unnest(p.proallargtypes, p.proargmodes) with ordinality as i(typ, mode, ord)
         join pg_type t on t.oid = i.typ
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
         where i.mode in ('o', 'b', 't')
       ), (
         select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null),
                  'base_type', coalesce(et.typname, t.typname), 'is_array', t.typcategory = 'A') order by a.attnum)
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
         where a.attrelid = rt.typrelid and rt.typrelid <> 0 and a.attnum > 0 and not a.attisdropped
       ), '[]'::json)::text as columns
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'
  and rt.typname not in ('trigger', 'event_trigger')
  and (p.proargmodes is null or not ('v' = any(p.proargmodes)))
  -- Functions of extensions installed in the schema (pgcrypto, pg_trgm, …) are not the app's API.
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
-- Overloads in creation order, as PostgREST lists them (PGRST203).
order by p.oid`;

export async function loadSchemaCache(tx: Tx, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const cols = await tx.query<{
    table: string; kind: 'table' | 'view'; rls: boolean; column: string; type: string; base_type: string; is_array: boolean;
    nullable: boolean; default_expr: string | null; identity: boolean; generated: boolean;
  }>(TABLES_SQL, [schema]);
  for (const r of cols.rows) {
    let t = tables.get(r.table);
    if (!t) {
      t = { name: r.table, kind: r.kind, rls: r.rls, columns: new Map(), columnOrder: [], primaryKey: [] };
      tables.set(r.table, t);
    }
    t.columns.set(r.column, {
      name: r.column, type: r.type, baseType: r.base_type, isArray: r.is_array, nullable: r.nullable,
      defaultExpr: r.default_expr, identity: r.identity, generated: r.generated,
    });
    t.columnOrder.push(r.column);
  }
  const pks = await tx.query<{ table: string; columns: string[] }>(PKEYS_SQL, [schema]);
  for (const r of pks.rows) {
    const t = tables.get(r.table);
    if (t) t.primaryKey = r.columns;
  }
  const fks = await tx.query<{ name: string; table: string; foreign_table: string; columns: string[]; foreign_columns: string[] }>(FKEYS_SQL, [schema]);
  const relationships: Relationship[] = fks.rows.map((r) => ({
    name: r.name, table: r.table, columns: r.columns, foreignTable: r.foreign_table, foreignColumns: r.foreign_columns,
  }));
  const fns = await tx.query<{
    name: string; returns_set: boolean; volatility: 'i' | 's' | 'v'; return_type: string; returns_composite: boolean;
    returns_void: boolean; nargs: number; nargdefaults: number; args: string; columns: string;
  }>(FUNCTIONS_SQL, [schema]);
  const functions = new Map<string, RoutineDef[]>();
  for (const r of fns.rows) {
    type RawArg = { name: string; type: string; base_type: string; is_array: boolean };
    const raw = JSON.parse(r.args) as RawArg[];
    const columns = (JSON.parse(r.columns) as RawArg[]).map((a) => ({ name: a.name, type: a.type, baseType: a.base_type, isArray: a.is_array, hasDefault: false }));
    const nargs = Number(r.nargs);
    const firstDefault = nargs - Number(r.nargdefaults);
    const def: RoutineDef = {
      name: r.name,
      args: raw.map((a, i) => ({ name: a.name, type: a.type, baseType: a.base_type, isArray: a.is_array, hasDefault: i >= firstDefault })),
      returnType: r.return_type,
      returnsSet: r.returns_set,
      returnsComposite: r.returns_composite,
      returnsVoid: r.returns_void,
      volatility: r.volatility,
      columns,
    };
    const list = functions.get(r.name) ?? [];
    list.push(def);
    functions.set(r.name, list);
  }
  return { tables, relationships, functions, loadedAt: Date.now() };
}

const RELOAD_INTERVAL_MS = 1000;

const holders = new WeakMap<Database, SchemaCacheHolder>();

/**
 * The schema cache of a database (one per database, shared by every app built on it).
 * @example await schemaCacheFor(db).reload(); // after migrations that change the exposed schema
 */
export function schemaCacheFor(db: Database): SchemaCacheHolder {
  let holder = holders.get(db);
  if (!holder) {
    holder = new SchemaCacheHolder(db);
    holders.set(db, holder);
  }
  return holder;
}

/** The cache of one database, loaded on first use. */
export class SchemaCacheHolder {
  private cache: SchemaCache | undefined;
  private loading: Promise<SchemaCache> | undefined;
  private lastReload = 0;

  constructor(private readonly db: Database) {}

  async get(): Promise<SchemaCache> {
    if (this.cache) return this.cache;
    return this.reload();
  }

  /** Rebuild from pg_catalog (one in-flight reload at a time). */
  async reload(): Promise<SchemaCache> {
    if (!this.loading) {
      this.lastReload = Date.now();
      this.loading = this.db
        .transaction((tx) => loadSchemaCache(tx), { readOnly: true })
        .then((c) => {
          this.cache = c;
          return c;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    return this.loading;
  }

  /** After a lookup missed: reload if the last reload is older than RELOAD_INTERVAL_MS. */
  async reloadAfterMiss(): Promise<SchemaCache | undefined> {
    if (Date.now() - this.lastReload < RELOAD_INTERVAL_MS) return undefined;
    return this.reload();
  }
}
