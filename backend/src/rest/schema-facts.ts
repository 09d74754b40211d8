/**
 * What the relationships are inferred from (relationships.ts), read next to the schema cache:
 * unique keys, the base columns each view reads, and the functions of one row (computed fields
 * and computed relationships).
 */
import type { Tx } from '../db/types';
import type { CatalogFacts } from './relationships';
import type { Relationship, RoutineDef, Table } from './schema-types';
import { UNIQUE_SQL, VIEW_COLUMNS_SQL } from './schema-queries';

export async function catalogFacts(tx: Tx, schema: string, tables: Map<string, Table>, foreignKeys: Relationship[]): Promise<CatalogFacts> {
  const uniqueKeys = new Map<string, string[][]>();
  for (const r of (await tx.query<{ table: string; columns: string[] }>(UNIQUE_SQL, [schema])).rows) {
    uniqueKeys.set(r.table, [...(uniqueKeys.get(r.table) ?? []), r.columns]);
  }
  const viewColumns = new Map<string, Map<string, Set<string>>>();
  for (const r of (await tx.query<{ view: string; table: string; column: string }>(VIEW_COLUMNS_SQL, [schema])).rows) {
    const bases = viewColumns.get(r.view) ?? new Map<string, Set<string>>();
    bases.set(r.table, (bases.get(r.table) ?? new Set()).add(r.column));
    viewColumns.set(r.view, bases);
  }
  const kinds = new Map([...tables.values()].map((t) => [t.name, t.kind]));
  const primaryKeys = new Map([...tables.values()].filter((t) => t.kind === 'table' && t.primaryKey.length).map((t) => [t.name, t.primaryKey]));
  const viewColumnNames = new Map([...tables.values()].filter((t) => t.kind === 'view').map((t) => [t.name, new Set(t.columnOrder)]));
  return { kinds, uniqueKeys, primaryKeys, foreignKeys, viewColumns, viewColumnNames, computed: [] };
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
