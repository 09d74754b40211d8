/**
 * The schema cache: what /rest/v1 exposes, read from pg_catalog (tables and views with their
 * columns and types, primary keys, foreign keys for embedding, functions for /rpc). Built lazily
 * on the first request; `reload()` rebuilds it (after migrations), and a lookup that misses
 * reloads at most once per RELOAD_INTERVAL_MS so objects created after start appear.
 */
import type { Database, Tx } from '../db/types';
import { buildRelationships } from './relationships';
import { addComputed, catalogFacts } from './schema-facts';
import { FKEYS_SQL, FUNCTIONS_SQL, PKEYS_SQL, TABLES_SQL } from './schema-queries';
import type { Relationship, RoutineDef, SchemaCache, Table } from './schema-types';

export type { Column, ComputedField, FunctionArg, Relationship, RoutineDef, SchemaCache, Table } from './schema-types';

export const EXPOSED_SCHEMA = 'public';


export async function loadSchemaCache(tx: Tx, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const cols = await tx.query<{
    table: string; kind: 'table' | 'view'; rls: boolean; column: string; type: string; base_type: string; is_array: boolean;
    nullable: boolean; default_expr: string | null; identity: boolean; identity_always: boolean; generated: boolean;
  }>(TABLES_SQL, [schema]);
  for (const r of cols.rows) {
    let t = tables.get(r.table);
    if (!t) {
      t = { name: r.table, kind: r.kind, rls: r.rls, schema, columns: new Map(), columnOrder: [], primaryKey: [], computed: new Map() };
      tables.set(r.table, t);
    }
    t.columns.set(r.column, {
      name: r.column, type: r.type, baseType: r.base_type, isArray: r.is_array, nullable: r.nullable,
      defaultExpr: r.default_expr, identity: r.identity, identityAlways: r.identity_always, generated: r.generated,
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
    ret_base_type: string; ret_is_array: boolean; description: string | null; executable_by: string[];
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
      description: r.description ?? undefined,
      executableBy: r.executable_by,
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
