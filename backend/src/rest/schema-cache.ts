/**
 * The schema cache: what /rest/v1 exposes, read from pg_catalog (tables and views with their
 * columns and types, primary keys, foreign keys for embedding, functions for /rpc). Built lazily
 * on the first request; `reload()` rebuilds it (after migrations), and a lookup that misses
 * reloads at most once per RELOAD_INTERVAL_MS so objects created after start appear.
 */
import type { Database, Tx } from '../db/types';
import { buildRelationships, type Rel } from './relationships';
import { addComputed, catalogFacts } from './schema-facts';
import { FKEYS_SQL, FUNCTIONS_SQL, PKEYS_SQL, TABLES_SQL } from './schema-queries';

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
  schema: string;
  /** Computed fields: functions taking this relation's row and returning a non-row value. */
  computed: Map<string, ComputedField>;
}

export interface ComputedField {
  fn: string;
  type: string;
  baseType: string;
  isArray: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  baseType: string;
  isArray: boolean;
  hasDefault: boolean;
  /** The exposed table or view whose row type this argument is. */
  rel?: string;
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
  /** The exposed table or view whose row type it returns, and the planner's row estimate. */
  returnsRel?: string;
  rows: number;
  returnBaseType: string;
  returnsArray: boolean;
}

export interface SchemaCache {
  /** The schema this cache describes (one cache per exposed schema). */
  schema: string;
  tables: Map<string, Table>;
  /** Foreign keys, each seen from its owning table. */
  relationships: Relationship[];
  /** Every relationship (relationships.ts), by origin table or view. */
  rels: Map<string, Rel[]>;
  functions: Map<string, RoutineDef[]>;
  loadedAt: number;
}

export async function loadSchemaCache(tx: Tx, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const cols = await tx.query<{
    table: string; kind: 'table' | 'view'; rls: boolean; column: string; type: string; base_type: string; is_array: boolean;
    nullable: boolean; default_expr: string | null; identity: boolean; generated: boolean;
  }>(TABLES_SQL, [schema]);
  for (const r of cols.rows) {
    let t = tables.get(r.table);
    if (!t) {
      t = { name: r.table, kind: r.kind, rls: r.rls, schema, columns: new Map(), columnOrder: [], primaryKey: [], computed: new Map() };
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
    returns_void: boolean; nargs: number; nargdefaults: number; args: string; columns: string; rows: number; ret_rel: string | null;
    ret_base_type: string; ret_is_array: boolean;
  }>(FUNCTIONS_SQL, [schema]);
  const functions = new Map<string, RoutineDef[]>();
  for (const r of fns.rows) {
    type RawArg = { name: string; type: string; base_type: string; is_array: boolean; rel?: string | null };
    const raw = JSON.parse(r.args) as RawArg[];
    const columns = (JSON.parse(r.columns) as RawArg[]).map((a) => ({ name: a.name, type: a.type, baseType: a.base_type, isArray: a.is_array, hasDefault: false }));
    const nargs = Number(r.nargs);
    const firstDefault = nargs - Number(r.nargdefaults);
    const def: RoutineDef = {
      name: r.name,
      args: raw.map((a, i) => ({ name: a.name, type: a.type, baseType: a.base_type, isArray: a.is_array, hasDefault: i >= firstDefault, rel: a.rel ?? undefined })),
      returnType: r.return_type,
      returnsSet: r.returns_set,
      returnsComposite: r.returns_composite,
      returnsVoid: r.returns_void,
      volatility: r.volatility,
      columns,
      returnsRel: r.ret_rel ?? undefined,
      rows: Number(r.rows),
      returnBaseType: r.ret_base_type,
      returnsArray: r.ret_is_array,
    };
    const list = functions.get(r.name) ?? [];
    list.push(def);
    functions.set(r.name, list);
  }
  const facts = await catalogFacts(tx, schema, tables, relationships);
  addComputed(tables, functions, facts);
  return { schema, tables, relationships, rels: buildRelationships(facts), functions, loadedAt: Date.now() };
}

const RELOAD_INTERVAL_MS = 1000;

const holders = new WeakMap<Database, Map<string, SchemaCacheHolder>>();

/**
 * The schema cache of a database (one per database, shared by every app built on it).
 * @example await schemaCacheFor(db).reload(); // after migrations that change the exposed schema
 */
export function schemaCacheFor(db: Database, schema = EXPOSED_SCHEMA): SchemaCacheHolder {
  let bySchema = holders.get(db);
  if (!bySchema) {
    bySchema = new Map();
    holders.set(db, bySchema);
  }
  let holder = bySchema.get(schema);
  if (!holder) {
    holder = new SchemaCacheHolder(db, schema);
    bySchema.set(schema, holder);
  }
  return holder;
}

/** The cache of one database, loaded on first use. */
export class SchemaCacheHolder {
  private cache: SchemaCache | undefined;
  private loading: Promise<SchemaCache> | undefined;
  private lastReload = 0;

  constructor(
    private readonly db: Database,
    private readonly schema = EXPOSED_SCHEMA,
  ) {}

  async get(): Promise<SchemaCache> {
    if (this.cache) return this.cache;
    return this.reload();
  }

  /** Rebuild from pg_catalog (one in-flight reload at a time). */
  async reload(): Promise<SchemaCache> {
    if (!this.loading) {
      this.lastReload = Date.now();
      this.loading = this.db
        .transaction((tx) => loadSchemaCache(tx, this.schema), { readOnly: true })
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
