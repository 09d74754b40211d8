/**
 * How an embed joins its parent row, and what the parent's WHERE and ORDER BY read through it:
 * `!inner` embeds and null filters on embeds (`rel=is.null`, `rel=not.is.null`) as exists(…),
 * and related orders (`order=rel(col).desc`: the parent ordered by a column of a to-one embed,
 * read by a correlated subquery over the same join and the embed's own filters).
 */
import { notEmbedded } from './errors';
import { relatedOrderNotToOne } from './embed-errors';
import { compileField } from './fields';
import { compileFilters } from './filters';
import type { OrderTerm } from './query-types';
import type { PlanItem, PlanNode } from './read-plan';
import { ident, qualified } from './sql';

export interface RenderCtx {
  /** Alias counter for subqueries. */
  seq: number;
}

export type Embed = Extract<PlanItem, { kind: 'embed' }>;

/** The relation an embed reads and how it joins its parent row. */
export function embedSource(ctx: RenderCtx, e: Embed, child: string, parent: string): { from: string; conds: string[] } {
  const rel = e.rel;
  const schema = e.node.table.schema;
  if (rel.fn) return { from: `${qualified(schema, rel.fn)}(${parent}) as ${child}`, conds: [] };
  const from = `${qualified(schema, rel.target)} as ${child}`;
  if (!rel.junction) return { from, conds: rel.cols.map(([o, t]) => `${child}.${ident(t)} = ${parent}.${ident(o)}`) };
  const j = ident(`pgrst_j_${++ctx.seq}`);
  const on = [
    ...rel.junction.source.map(([o, jc]) => `${j}.${ident(jc)} = ${parent}.${ident(o)}`),
    ...rel.junction.target.map(([jc, t]) => `${j}.${ident(jc)} = ${child}.${ident(t)}`),
  ];
  return { from, conds: [`exists (select 1 from ${qualified(schema, rel.junction.table)} as ${j} where ${on.join(' and ')})`] };
}

/** An embed of `node` by its key or by the relation the select named (as PostgREST matches them). */
function findEmbed(node: PlanNode, name: string): Embed | undefined {
  const embeds = node.items.filter((it): it is Embed => it.kind === 'embed');
  return embeds.find((e) => e.key === name) ?? embeds.find((e) => e.name === name);
}

/** `exists (select 1 from <embed> where <join> and <its filters>)` over the parent row `alias`. */
function embedExists(ctx: RenderCtx, e: Embed, alias: string): string {
  const child = ident(`pgrst_${++ctx.seq}`);
  const { from, conds } = embedSource(ctx, e, child, alias);
  const where = [...conds, ...nodeConditions(ctx, e.node, child)];
  return `exists (select 1 from ${from}${where.length ? ` where ${where.join(' and ')}` : ''})`;
}

/** The node's own filters (null filters on its embeds included) and an exists(…) for each !inner embed. */
export function nodeConditions(ctx: RenderCtx, node: PlanNode, alias: string): string[] {
  const onEmbed = (name: string) => {
    const e = findEmbed(node, name);
    return e ? embedExists(ctx, e, alias) : undefined;
  };
  const out = compileFilters(node.table, alias, node.opts.filters, onEmbed);
  for (const it of node.items) if (it.kind === 'embed' && it.inner) out.push(embedExists(ctx, it, alias));
  return out;
}

/** The SQL an order term sorts on: a column of the node, or (`rel(col)`) of one of its to-one embeds. */
function orderValue(ctx: RenderCtx, node: PlanNode, alias: string, t: OrderTerm): string {
  if (t.relation === undefined) return compileField(node.table, alias, t.field).sql;
  const e = findEmbed(node, t.relation);
  if (!e) throw notEmbedded(t.relation);
  if (!e.rel.toOne) throw relatedOrderNotToOne(node.table.name, e.key);
  const child = ident(`pgrst_o_${++ctx.seq}`);
  const value = compileField(e.node.table, child, t.field).sql;
  const { from, conds } = embedSource(ctx, e, child, alias);
  const where = [...conds, ...nodeConditions(ctx, e.node, child)];
  return `(select ${value} from ${from}${where.length ? ` where ${where.join(' and ')}` : ''} limit 1)`;
}

export function renderOrder(ctx: RenderCtx, node: PlanNode, alias: string, order: OrderTerm[] | undefined): string {
  if (!order || order.length === 0) return '';
  const terms = order.map((t) => `${orderValue(ctx, node, alias, t)}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`);
  return ` order by ${terms.join(', ')}`;
}
