/**
 * The select list of a write's or a function's returned rows (write.ts, rpc.ts), and the helpers
 * they share with reads: the select tree is planned (read-plan.ts) and rendered
 * (render-select.ts) as for a read, over the alias of the rows already at hand.
 */
import { checkPlanCost } from './cost';
import { parseError, tableNotFound } from './errors';
import type { NodeOptions, OrderTerm, SelectItem } from './query-string';
import { planRead, type PlanNode } from './read-plan';

export { checkNodePaths } from './read-plan';
import { nodeConditions, renderLimit, renderOrder, renderSelectList } from './render-select';
import type { SchemaCache, Table } from './schema-cache';
import type { Params } from './sql';

export interface CompileContext {
  cache: SchemaCache;
  params: Params;
  nodes: Map<string, NodeOptions>;
  /** Alias counter for subqueries. */
  seq: number;
  /** Aggregates inside embeds (db-aggregates-enabled); off unless the caller says. */
  aggregates?: boolean;
}

function planRows(ctx: CompileContext, table: Table, items: SelectItem[]): PlanNode {
  const plan = planRead(ctx.cache, table, items, ctx.nodes, { aggregates: ctx.aggregates ?? false });
  checkPlanCost(plan);
  if (plan.items.some((it) => it.kind === 'aggregate')) throw parseError('Aggregates are only supported on reads of a table or view');
  return plan;
}

/** The select list for `table` under `alias` (no aggregates at this level: the rows are given). */
export function compileSelectList(ctx: CompileContext, table: Table, alias: string, items: SelectItem[]): string {
  return renderSelectList(ctx, planRows(ctx, table, items), alias);
}

/**
 * A function's rows read like a table: the select list, the root's conditions (its filters,
 * null filters on its embeds, `!inner` embeds) and its order (related orders included).
 */
export function compileRows(ctx: CompileContext, table: Table, alias: string, items: SelectItem[], order: OrderTerm[] | undefined): { list: string; conds: string[]; order: string } {
  const plan = planRows(ctx, table, items);
  return { list: renderSelectList(ctx, plan, alias), conds: nodeConditions(ctx, plan, alias), order: renderOrder(ctx, plan, alias, order) };
}

export const compileLimit = renderLimit;

export function lookupTable(cache: SchemaCache, name: string): Table {
  const t = cache.tables.get(name);
  if (!t) throw tableNotFound(cache.schema, name);
  return t;
}
