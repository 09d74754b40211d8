/**
 * Compiles a `select` tree to SQL: columns (with aliases, JSON paths, casts) and embedded
 * resources through foreign keys, as correlated subqueries that build JSON in the database —
 * many-to-one as an object or null (row_to_json), one-to-many as an array (json_agg).
 * `!inner` also filters the parent to rows whose embed is non-empty.
 */
import { checkEmbedCost } from './cost';
import { ambiguousRelationship, notEmbedded, parseError, relationshipNotFound, undefinedColumn } from './errors';
import { checkCast, compileField } from './fields';
import { compileFilters } from './filters';
import type { NodeOptions, OrderTerm, SelectItem } from './query-string';
import type { Relationship, SchemaCache, Table } from './schema-cache';
import { EXPOSED_SCHEMA } from './schema-cache';
import { ident, qualified, type Params } from './sql';

export interface CompileContext {
  cache: SchemaCache;
  params: Params;
  nodes: Map<string, NodeOptions>;
  /** Alias counter for subqueries. */
  seq: number;
}

interface ResolvedEmbed {
  rel: Relationship;
  /** many-to-one: the parent holds the foreign key. */
  toOne: boolean;
  target: Table;
}

/** Find the foreign key that links `parent` to the embed `name` (with an optional hint). */
export function resolveEmbed(cache: SchemaCache, parent: Table, name: string, hint?: string): ResolvedEmbed {
  const candidates: ResolvedEmbed[] = [];
  for (const rel of cache.relationships) {
    // many-to-one: parent.fk → name; or embedding by the FK column name (select=user_id(*)).
    if (rel.table === parent.name && (rel.foreignTable === name || (rel.columns.length === 1 && rel.columns[0] === name))) {
      const target = cache.tables.get(rel.foreignTable);
      if (target) candidates.push({ rel, toOne: true, target });
    }
    // one-to-many: name.fk → parent
    if (rel.foreignTable === parent.name && rel.table === name && !(rel.table === parent.name && rel.foreignTable === name)) {
      const target = cache.tables.get(rel.table);
      if (target) candidates.push({ rel, toOne: false, target });
    }
  }
  const matching = hint
    ? candidates.filter((c) => c.rel.name === hint || c.rel.columns.join(',') === hint || c.rel.foreignColumns.join(',') === hint || c.target.name === hint)
    : candidates;
  if (matching.length === 0) throw relationshipNotFound(parent.name, name, hint);
  if (matching.length > 1) throw ambiguousRelationship(parent.name, name, matching.map((m) => m.rel));
  return matching[0]!;
}

export function compileOrder(table: Table, alias: string, order: OrderTerm[] | undefined, params: Params): string {
  if (!order || order.length === 0) return '';
  const terms = order.map((t) => {
    const f = compileField(table, alias, t.field, params);
    return `${f.sql}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
  });
  return ` order by ${terms.join(', ')}`;
}

export function compileLimit(limit: number | undefined, offset: number | undefined): string {
  return `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

/** The WHERE conditions of an embed (join, its filters, its own !inner children). */
function embedWhere(ctx: CompileContext, parentAlias: string, e: ResolvedEmbed, alias: string, path: string, items: SelectItem[]): string[] {
  const { rel, toOne } = e;
  const join = rel.columns.map((c, i) =>
    toOne
      ? `${alias}.${ident(rel.foreignColumns[i]!)} = ${parentAlias}.${ident(c)}`
      : `${alias}.${ident(c)} = ${parentAlias}.${ident(rel.foreignColumns[i]!)}`,
  );
  const filters = compileFilters(e.target, alias, ctx.nodes.get(path)?.filters ?? [], ctx.params);
  return [...join, ...filters, ...innerConditions(ctx, e.target, alias, items, path)];
}

/** exists(…) for each !inner embed among `items`. */
export function innerConditions(ctx: CompileContext, table: Table, alias: string, items: SelectItem[], basePath: string): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind !== 'embed' || !item.inner) continue;
    const e = resolveEmbed(ctx.cache, table, item.name, item.hint);
    const path = basePath ? `${basePath}.${item.alias ?? item.name}` : item.alias ?? item.name;
    const childAlias = ident(`pgrst_${++ctx.seq}`);
    const where = embedWhere(ctx, alias, e, childAlias, path, item.items);
    out.push(`exists (select 1 from ${qualified(EXPOSED_SCHEMA, e.target.name)} as ${childAlias} where ${where.join(' and ')})`);
  }
  return out;
}

/** The select list for `table` under `alias`. */
export function compileSelectList(ctx: CompileContext, table: Table, alias: string, items: SelectItem[], basePath = ''): string {
  if (basePath === '') checkEmbedCost(ctx.cache, table, items, resolveEmbed);
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      parts.push(`${alias}.*`);
    } else if (item.kind === 'column') {
      if (!table.columns.has(item.field.name)) throw undefinedColumn(table.name, item.field.name);
      const f = compileField(table, alias, item.field, ctx.params);
      if (item.cast) checkCast(f, item.cast, item.field.name);
      const name = item.alias ?? (item.field.jsonPath.length ? item.field.jsonPath[item.field.jsonPath.length - 1]!.key : item.field.name);
      parts.push(`${f.sql}${item.cast ? `::${item.cast}` : ''} as ${ident(name)}`);
    } else {
      const e = resolveEmbed(ctx.cache, table, item.name, item.hint);
      const key = item.alias ?? item.name;
      const path = basePath ? `${basePath}.${key}` : key;
      const childAlias = ident(`pgrst_${++ctx.seq}`);
      const rowAlias = ident(`pgrst_row_${ctx.seq}`);
      const inner = compileSelectList(ctx, e.target, childAlias, item.items, path);
      const where = embedWhere(ctx, alias, e, childAlias, path, item.items);
      const from = `${qualified(EXPOSED_SCHEMA, e.target.name)} as ${childAlias}`;
      if (e.toOne) {
        parts.push(`(select row_to_json(${rowAlias}) from (select ${inner} from ${from} where ${where.join(' and ')} limit 1) ${rowAlias}) as ${ident(key)}`);
      } else {
        const opts = ctx.nodes.get(path);
        const tail = compileOrder(e.target, childAlias, opts?.order, ctx.params) + compileLimit(opts?.limit, opts?.offset);
        parts.push(`coalesce((select json_agg(${rowAlias}) from (select ${inner} from ${from} where ${where.join(' and ')}${tail}) ${rowAlias}), '[]'::json) as ${ident(key)}`);
      }
    }
  }
  if (parts.length === 0) throw parseError('Empty select');
  return parts.join(', ');
}

/** Every embed path the query's options refer to must exist in the select tree. */
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
    if (opts.filters.length || opts.order || opts.limit !== undefined || opts.offset !== undefined) {
      throw notEmbedded(path);
    }
  }
}
