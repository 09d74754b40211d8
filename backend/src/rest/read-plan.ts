/**
 * The read plan: a `select` tree resolved against the schema cache into plain data (no SQL), as
 * PostgREST's ReadPlanTree — each node is the relation read at that level with its items, its
 * options (filters, order, page) and, for an embed, the relationship to its parent. The SQL comes
 * from render-select.ts; the cost bounds (cost.ts) walk this tree.
 */
import { LIMITS } from '../http/limits';
import { aggregatesDisabled, ambiguousEmbed, duplicateEmbed, relationshipNotFound } from './embed-errors';
import { notEmbedded, parseError, undefinedColumn } from './errors';
import type { Field } from './query-syntax';
import type { NodeOptions } from './query-types';
import type { AggregateFn, SelectItem } from './select-syntax';
import { matchRelationships, type Rel } from './relationships';
import type { SchemaCache, Table } from './schema-cache';

export type PlanItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; key: string; cast?: string }
  /** `field` undefined: count(*). */
  | { kind: 'aggregate'; fn: AggregateFn; field?: Field; cast?: string; outputCast?: string; key: string }
  /** `name`: the relation as the select wrote it (`key` is its alias, else the same). */
  | { kind: 'embed'; key: string; name: string; rel: Rel; inner: boolean; spread: boolean; node: PlanNode };

export interface PlanNode {
  table: Table;
  /** '' for the root, else the embed path joined with '.' (the keys of NodeOptions). */
  path: string;
  items: PlanItem[];
  opts: NodeOptions;
}

export interface PlanOptions {
  /** PostgREST's db-aggregates-enabled: `count()`, `col.sum()`… are refused (PGRST123) when false. */
  aggregates: boolean;
}

function columnKey(field: Field, alias?: string): string {
  return alias ?? (field.jsonPath.length ? field.jsonPath[field.jsonPath.length - 1]!.key : field.name);
}

function hasColumn(table: Table, name: string): boolean {
  return table.columns.has(name) || table.computed.has(name);
}

/** The relationship an embed names from `table`, or PGRST200 / PGRST201. */
export function resolveRel(cache: SchemaCache, table: Table, name: string, hint?: string): Rel {
  const found = matchRelationships(cache.rels.get(table.name) ?? [], name, hint);
  if (found.length === 0) throw relationshipNotFound(cache.schema, table.name, name, hint);
  if (found.length > 1) throw ambiguousEmbed(table.name, name, found);
  return found[0]!;
}

/** How deep a node's path is: 0 for the root, 1 for its embeds, … */
const depthOf = (path: string) => (path === '' ? 0 : path.split('.').length);

/**
 * The name PostgREST's SQL gives a node's relation, which PostgreSQL's own errors then show:
 * the table at the root, `<table>_<depth>` in an embed (`column messages_1.sum does not exist`).
 */
export const sqlLabel = (table: Table, path: string) => (path === '' ? table.name : `${table.name}_${depthOf(path)}`);

function planItem(cache: SchemaCache, table: Table, item: SelectItem, path: string, nodes: Map<string, NodeOptions>, o: PlanOptions): PlanItem {
  if (item.kind === 'star') return item;
  const undefinedHere = (column: string) => undefinedColumn(sqlLabel(table, path), column);
  if (item.kind === 'column') {
    // `count` without parentheses where the relation has no such column: the legacy row count,
    // which PostgREST allows whether or not aggregates are enabled.
    const legacyCount = !item.aggregate && item.field.name === 'count' && !item.field.jsonPath.length && !hasColumn(table, 'count');
    if (legacyCount) return { kind: 'aggregate', fn: 'count', key: item.alias ?? 'count' };
    if (!item.aggregate) {
      if (!hasColumn(table, item.field.name)) throw undefinedHere(item.field.name);
      return { kind: 'column', field: item.field, key: columnKey(item.field, item.alias), cast: item.cast };
    }
    if (!o.aggregates) throw aggregatesDisabled();
    if (item.countAll) return { kind: 'aggregate', fn: 'count', key: item.alias ?? 'count', outputCast: item.aggregateCast };
    if (!hasColumn(table, item.field.name)) throw undefinedHere(item.field.name);
    return { kind: 'aggregate', fn: item.aggregate, field: item.field, cast: item.cast, outputCast: item.aggregateCast, key: item.alias ?? item.aggregate };
  }
  const rel = resolveRel(cache, table, item.name, item.hint);
  const target = cache.tables.get(rel.target);
  if (!target) throw relationshipNotFound(cache.schema, table.name, item.name, item.hint);
  const key = item.alias ?? item.name;
  const childPath = path ? `${path}.${key}` : key;
  const node = planNode(cache, target, item.items, childPath, nodes, o, path.split('.').length);
  return { kind: 'embed', key, name: item.name, rel, inner: item.inner, spread: item.spread, node };
}

function planNode(cache: SchemaCache, table: Table, items: SelectItem[], path: string, nodes: Map<string, NodeOptions>, o: PlanOptions, depth: number): PlanNode {
  if (depth > LIMITS.embedDepth + 1) throw parseError(`Embedded resources nested deeper than ${LIMITS.embedDepth} levels`);
  const planned = items.map((it) => planItem(cache, table, it, path, nodes, o));
  // Each embed is one joined relation, which PostgREST names `<table>_<key>_<depth>`: two with the
  // same key is PostgreSQL's 42712 about that name.
  const keys = new Set<string>();
  for (const it of planned) {
    if (it.kind !== 'embed') continue;
    if (keys.has(it.key)) throw duplicateEmbed(`${table.name}_${it.key}_${depthOf(path) + 1}`);
    keys.add(it.key);
  }
  return { table, path, items: planned, opts: nodes.get(path) ?? { filters: [] } };
}

/** Resolve the select tree of a read (or a write's / function's returned rows) from `table`. */
export function planRead(cache: SchemaCache, table: Table, items: SelectItem[], nodes: Map<string, NodeOptions>, o: PlanOptions): PlanNode {
  checkNodePaths(nodes, items);
  const root = planNode(cache, table, items, '', nodes, o, 0);
  return root;
}

/** Every embed path the query's options refer to must exist in the select tree (PGRST108). */
export function checkNodePaths(nodes: Map<string, NodeOptions>, items: SelectItem[]): void {
  const paths = new Set<string>(['']);
  const walk = (list: SelectItem[], base: string) => {
    for (const it of list) {
      if (it.kind !== 'embed') continue;
      const p = base ? `${base}.${it.alias ?? it.name}` : it.alias ?? it.name;
      paths.add(p);
      walk(it.items, p);
    }
  };
  walk(items, '');
  for (const [path, opts] of nodes) {
    if (paths.has(path)) continue;
    if (opts.filters.length || opts.order || opts.limit !== undefined || opts.offset !== undefined) throw notEmbedded(path);
  }
}

export function hasAggregates(node: PlanNode): boolean {
  return node.items.some((it) => it.kind === 'aggregate');
}
