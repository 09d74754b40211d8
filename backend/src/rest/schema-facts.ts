/**
 * What the relationships are inferred from (relationships.ts), read next to the schema cache:
 * unique keys, the base column each view column shows, and the functions of one row (computed
 * fields and computed relationships).
 */
import type { Tx } from '../db/types';
import type { CatalogFacts } from './relationships';
import type { Relationship, RoutineDef, Table } from './schema-types';
import { RELATION_COLUMNS_SQL, UNIQUE_SQL, VIEW_RULES_SQL } from './schema-queries';
import { targetOrigins, viewColumnSources, type RelationColumns } from './view-columns';

/** view → [view column, base table, base column], from the views' stored queries (view-columns.ts). */
async function viewColumns(tx: Tx, schema: string): Promise<Map<string, [string, string, string][]>> {
  const relations = new Map<number, RelationColumns>();
  for (const r of (await tx.query<{ oid: string; name: string; kind: 'table' | 'view'; attnum: number; column: string }>(RELATION_COLUMNS_SQL, [schema])).rows) {
    const oid = Number(r.oid);
    const rel = relations.get(oid) ?? { name: r.name, kind: r.kind, columns: new Map<number, string>() };
    rel.columns.set(Number(r.attnum), r.column);
    relations.set(oid, rel);
  }
  for (const r of (await tx.query<{ oid: string; action: string }>(VIEW_RULES_SQL, [schema])).rows) {
    const rel = relations.get(Number(r.oid));
    if (rel) rel.origins = new Map(targetOrigins(r.action).map((o) => [o.resno, [o.table, o.column]]));
  }
  return viewColumnSources(relations);
}

export async function catalogFacts(tx: Tx, schema: string, tables: Map<string, Table>, foreignKeys: Relationship[]): Promise<CatalogFacts> {
  const uniqueKeys = new Map<string, string[][]>();
  for (const r of (await tx.query<{ table: string; columns: string[] }>(UNIQUE_SQL, [schema])).rows) {
    uniqueKeys.set(r.table, [...(uniqueKeys.get(r.table) ?? []), r.columns]);
  }
  const kinds = new Map([...tables.values()].map((t) => [t.name, t.kind]));
  const primaryKeys = new Map([...tables.values()].filter((t) => t.kind === 'table' && t.primaryKey.length).map((t) => [t.name, t.primaryKey]));
  return { kinds, uniqueKeys, primaryKeys, foreignKeys, viewColumns: await viewColumns(tx, schema), computed: [] };
}

/**
 * Functions of one argument, a row of an exposed table or view: returning rows of another exposed
 * relation they are computed relationships (to-one when not a set or declared `rows 1`), else
 * computed fields (PostgREST's computed columns).
 */
export function addComputed(tables: Map<string, Table>, functions: Map<string, RoutineDef[]>, facts: CatalogFacts): void {
  for (const list of functions.values()) {
    for (const fn of list) {
      const origin = fn.args.length === 1 ? fn.args[0]!.rel : undefined;
      const table = origin === undefined ? undefined : tables.get(origin);
      if (!table || fn.returnsVoid) continue;
      if (fn.returnsRel && tables.has(fn.returnsRel)) {
        facts.computed.push({ fn: fn.name, origin: table.name, target: fn.returnsRel, toOne: !fn.returnsSet || fn.rows === 1 });
      } else if (!fn.returnsSet && !fn.returnsComposite && !table.columns.has(fn.name)) {
        table.computed.set(fn.name, { fn: fn.name, type: fn.returnType, baseType: fn.returnBaseType, isArray: fn.returnsArray });
      }
    }
  }
}
