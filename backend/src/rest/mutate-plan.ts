/**
 * POST (insert, upsert), PATCH (update) and DELETE on a table, planned as data (action-plan.ts):
 * the columns written (the body's keys, or `columns=`, each checked against the schema cache),
 * the conflict target of an upsert, the defaults of `missing=default`, the filters of the WHERE,
 * and the read back of `Prefer: return=representation` (the request's select, embeds included).
 */
import type { MutateAction, MutatePlan } from './action-plan';
import type { TableBody } from './body';
import { bodyError, columnNotFound, parseError } from './errors';
import type { ParsedQuery } from './query-string';
import { checkNodePaths, planRead, type PlanNode } from './read-plan';
import type { Preferences } from './preferences';
import { returningColumns } from './returning';
import type { SchemaCache, Table } from './schema-cache';
import { literal, qualified } from './sql';
import { checkPlanCost } from './cost';

/** A write as the planner sees it (built once by the route from the ApiRequest). */
export interface WriteRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  query: ParsedQuery;
  prefs: Preferences;
  /** POST and PATCH. */
  body?: TableBody;
  /** Prefer: return=representation — render the affected rows with the request's select. */
  representation: boolean;
  /** db-aggregates-enabled, for the read back. */
  aggregates: boolean;
}

function columnsOf(table: Table, query: ParsedQuery, rows: Record<string, unknown>[]): string[] {
  const names = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const n of names) if (!table.columns.has(n)) throw columnNotFound(table.name, n);
  return names;
}

/** The conflict target of an upsert (Prefer: resolution=…), or none for a plain insert. */
function onConflict(table: Table, query: ParsedQuery, prefs: Preferences) {
  if (!prefs.resolution) {
    if (query.onConflict) throw parseError('on_conflict needs Prefer: resolution=merge-duplicates or resolution=ignore-duplicates');
    return undefined;
  }
  const columns = query.onConflict ?? table.primaryKey;
  if (columns.length === 0) throw parseError(`Upsert on "${table.name}" needs on_conflict: the table has no primary key`);
  for (const c of columns) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
  return { columns, resolution: prefs.resolution };
}

/**
 * `missing=default`, as PostgREST applies it: each written column's default (an identity `by
 * default` column's is its sequence's nextval) is evaluated for every row and the row's own keys
 * win. A `generated always` identity column has no value to give: rows are grouped by which of
 * those they leave out, and each group inserts without them.
 */
function insertDefaults(table: Table, cols: string[], rows: Record<string, unknown>[]) {
  const exprs: [string, string][] = [];
  const always: string[] = [];
  for (const c of cols) {
    const col = table.columns.get(c)!;
    if (col.identity && col.identityAlways) always.push(c);
    else if (col.identity) exprs.push([c, `nextval(pg_get_serial_sequence(${literal(qualified(table.schema, table.name))}, ${literal(c)}))`]);
    else if (col.defaultExpr !== null) exprs.push([c, col.defaultExpr]);
  }
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = always.filter((c) => !(c in row)).join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), i + 1]);
  });
  return { exprs, groups: [...groups].map(([key, list]) => ({ omit: key === '' ? [] : key.split('\u0000'), rows: list })) };
}

/** The read back of the affected rows (return=representation): the select over the table's row. */
function readBack(cache: SchemaCache, table: Table, w: WriteRequest): PlanNode | undefined {
  if (!w.representation) return undefined;
  const node = planRead(cache, table, w.query.select, w.query.nodes, { aggregates: w.aggregates });
  checkPlanCost(node);
  return node;
}

export function planMutation(cache: SchemaCache, table: Table, w: WriteRequest): MutateAction {
  checkNodePaths(w.query.nodes, w.query.select);
  const read = readBack(cache, table, w);
  const returning = w.representation ? returningColumns(cache, table, w.query.select) : [];
  return { kind: 'mutate', mutation: mutation(table, w), returning, read };
}

function mutation(table: Table, { method, query, prefs, body }: WriteRequest): MutatePlan | undefined {
  const where = query.nodes.get('')!.filters;
  if (method === 'DELETE') return { kind: 'delete', table, where };
  const { text, rows } = body!;
  const columns = columnsOf(table, query, rows);
  if (method === 'PATCH') return columns.length ? { kind: 'update', table, columns, body: text, where } : undefined;
  const conflict = onConflict(table, query, prefs);
  if (columns.length === 0) {
    // `{}` is one row of defaults; `[]` inserts nothing.
    if (rows.length === 0) return undefined;
    if (rows.length > 1) throw bodyError('Cannot insert several rows with no columns');
    return { kind: 'insert', table, columns, onConflict: conflict };
  }
  const defaults = prefs.missing === 'default' ? insertDefaults(table, columns, rows) : undefined;
  if (defaults?.groups.some((g) => g.omit.length === columns.length && g.rows.length > 1)) throw bodyError('Cannot insert several rows with no columns');
  return { kind: 'insert', table, columns, body: text, onConflict: conflict, defaults };
}
