/**
 * SQL from a read plan (read-plan.ts): one SELECT per node, embeds as correlated subqueries that
 * build JSON in the database — to-one as an object or null (row_to_json), to-many as an array
 * (json_agg); a spread embed puts each of its columns at the parent's level (to-many: an array
 * per column, as PostgREST 13 does); `!inner` filters the parent with exists(…); a node with
 * aggregates groups by its other items (two levels: the rows, then the groups).
 */
import { embedSource, nodeConditions, renderOrder, type Embed, type RenderCtx } from './embed-source';
import { parseError } from './errors';
import { checkCast, compileField } from './fields';
import type { OrderTerm } from './query-string';
import { hasAggregates, type PlanItem, type PlanNode } from './read-plan';
import { ident } from './sql';

export { nodeConditions, renderOrder, type RenderCtx } from './embed-source';

export interface NodePage {
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** One output column: `star` is `alias.*` (its keys are the relation's columns); `json` values group as text. */
interface Entry {
  sql: string;
  key: string;
  star?: boolean;
  json?: boolean;
}

export function renderLimit(limit: number | undefined, offset: number | undefined): string {
  return `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

function embedEntries(ctx: RenderCtx, e: Embed, parent: string): Entry[] {
  if (e.node.items.length === 0) return []; // rel(): filters only, left out of the output
  const child = ident(`pgrst_${++ctx.seq}`);
  const row = ident(`pgrst_row_${ctx.seq}`);
  const { from, conds } = embedSource(ctx, e, child, parent);
  const o = e.node.opts;
  const page: NodePage = e.rel.toOne ? { limit: 1 } : { order: o.order, limit: o.limit, offset: o.offset };
  const { sql, entries } = renderNodeSelect(ctx, e.node, from, child, conds, page, e.spread);
  if (!e.spread) {
    const value = e.rel.toOne ? `(select row_to_json(${row}) from (${sql}) ${row})` : `coalesce((select json_agg(${row}) from (${sql}) ${row}), '[]'::json)`;
    return [{ sql: value, key: e.key, json: true }];
  }
  return entries.map((c) =>
    e.rel.toOne
      ? { sql: `(select ${row}.${ident(c.key)} from (${sql}) ${row})`, key: c.key, json: c.json }
      : { sql: `coalesce((select json_agg(${row}.${ident(c.key)}) from (${sql}) ${row}), '[]'::json)`, key: c.key, json: true },
  );
}

/** The entries of one item; `expand` lists a star's columns one by one (spreads and groups need their keys). */
function itemEntries(ctx: RenderCtx, node: PlanNode, it: PlanItem, alias: string, expand: boolean): Entry[] {
  if (it.kind === 'star') {
    if (!expand) return [{ sql: `${alias}.*`, key: '*', star: true }];
    return node.table.columnOrder.map((c) => ({ sql: `${alias}.${ident(c)}`, key: c, json: node.table.columns.get(c)!.baseType === 'json' }));
  }
  if (it.kind === 'column') {
    const f = compileField(node.table, alias, it.field);
    if (it.cast) checkCast(f, it.cast, it.field.name);
    const type = it.cast ?? f.type;
    return [{ sql: `${f.sql}${it.cast ? `::${it.cast}` : ''}`, key: it.key, json: type === 'json' }];
  }
  if (it.kind === 'embed') return embedEntries(ctx, it, alias);
  return [];
}

const AS = (e: Entry) => (e.star ? e.sql : `${e.sql} as ${ident(e.key)}`);

/** The select list of a node's own items over `alias` (no aggregates), for rows the caller has at hand. */
export function renderSelectList(ctx: RenderCtx, node: PlanNode, alias: string): string {
  return node.items.flatMap((it) => itemEntries(ctx, node, it, alias, false)).map(AS).join(', ');
}

/**
 * `select … from <from> where <join, filters, !inner> [group by] [order] [limit]` for one node;
 * with the entries it outputs (their keys, for a spread parent).
 */
export function renderNodeSelect(ctx: RenderCtx, node: PlanNode, from: string, alias: string, joinConds: string[], page: NodePage, expand: boolean): { sql: string; entries: Entry[] } {
  const conds = [...joinConds, ...nodeConditions(ctx, node, alias)];
  const where = conds.length ? ` where ${conds.join(' and ')}` : '';
  const tail = renderLimit(page.limit, page.offset);
  if (!hasAggregates(node)) {
    const entries = node.items.flatMap((it) => itemEntries(ctx, node, it, alias, expand));
    const order = renderOrder(ctx, node, alias, page.order);
    return { sql: `select ${entries.map(AS).join(', ')} from ${from}${where}${order}${tail}`, entries };
  }
  // Aggregates: the rows first (grouping values and aggregate inputs), then one row per group.
  const inner: string[] = [];
  const outer: Entry[] = [];
  const groups: string[] = [];
  const grouped: Entry[] = [];
  node.items.forEach((it, i) => {
    if (it.kind !== 'aggregate') {
      for (const e of itemEntries(ctx, node, it, alias, true)) {
        const col = ident(`pgrst_c_${inner.length}`);
        inner.push(`${e.sql} as ${col}`);
        groups.push(e.json ? `pgrst_g.${col}::text` : `pgrst_g.${col}`);
        const entry = { sql: e.json ? `(pgrst_g.${col}::text)::json` : `pgrst_g.${col}`, key: e.key, json: e.json };
        outer.push(entry);
        grouped.push(entry);
      }
      return;
    }
    let input = '*';
    if (it.field) {
      const f = compileField(node.table, alias, it.field);
      if (it.cast) checkCast(f, it.cast, it.field.name);
      inner.push(`${f.sql}${it.cast ? `::${it.cast}` : ''} as ${ident(`pgrst_a_${i}`)}`);
      input = `pgrst_g.${ident(`pgrst_a_${i}`)}`;
    }
    if (it.outputCast) checkCast({ sql: '', type: it.fn === 'count' ? 'bigint' : 'numeric', isArray: false }, it.outputCast, it.key);
    outer.push({ sql: `${it.fn}(${input})${it.outputCast ? `::${it.outputCast}` : ''}`, key: it.key });
  });
  const order = (page.order ?? []).map((t) => {
    const at = t.field.jsonPath.length || t.relation !== undefined ? undefined : grouped.find((e) => e.key === t.field.name && !e.json);
    if (!at) throw parseError(`Ordering by "${t.field.name}" needs it among the grouping columns of select`, 'Aggregates group by the other selected columns; order by one of those.');
    return `${at.sql}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
  });
  const rows = `select ${inner.length ? inner.join(', ') : '1 as pgrst_one'} from ${from}${where}`;
  const groupBy = groups.length ? ` group by ${groups.join(', ')}` : '';
  const orderBy = order.length ? ` order by ${order.join(', ')}` : '';
  return { sql: `select ${outer.map(AS).join(', ')} from (${rows}) pgrst_g${groupBy}${orderBy}${tail}`, entries: outer };
}
