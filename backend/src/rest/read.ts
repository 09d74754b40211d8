/**
 * GET/HEAD on a table or view, planned as data (action-plan.ts ReadAction): the select tree
 * (read-plan.ts), bounded (cost.ts), the page from limit/offset and the Range header, and the
 * count asked for. query-builder.ts renders it as one statement that filters, orders, pages and
 * embeds, and renders the JSON in the database.
 *
 * @example GET /rest/v1/gigs?select=*,profiles!gigs_user_id_fkey(username,avatar_url)&order=created_at.desc&limit=10
 */
import type { CountMode, Page, ReadAction } from './action-plan';
import { rangeNotSatisfiable } from './errors';
import type { ParsedQuery } from './query-string';
import type { SchemaCache, Table } from './schema-cache';
import { checkPlanCost } from './cost';
import { planRead as planSelect } from './read-plan';

export type { Page } from './action-plan';

/** count=estimated answers exactly below this many planned rows (PostgREST: db-max-rows). */
export const ESTIMATE_EXACT_BELOW = 10_000;

/** The page from limit/offset, narrowed by a Range header (`Range: 0-9`) when given. */
export function pageOf(query: ParsedQuery, range: string | undefined, maxRows?: number): Page {
  const root = query.nodes.get('')!;
  let offset = root.offset ?? 0;
  let limit = root.limit;
  if (range) {
    const m = /^(?:items=)?\s*(\d+)-(\d*)$/.exec(range.trim());
    if (m) {
      const from = Number(m[1]);
      const to = m[2] === '' ? undefined : Number(m[2]);
      if (to !== undefined && to < from) throw rangeNotSatisfiable('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
      offset = Math.max(offset, from);
      if (to !== undefined) limit = Math.min(limit ?? Infinity, to - from + 1);
    }
  }
  if (maxRows !== undefined) limit = Math.min(limit ?? maxRows, maxRows);
  return { offset, limit };
}

export interface ReadOptions {
  page: Page;
  /** The count to plan for (the route makes planned/estimated exact under RLS). */
  count?: CountMode;
  /** db-aggregates-enabled (config REST_AGGREGATES_ENABLED). */
  aggregates: boolean;
}

export function planRead(cache: SchemaCache, table: Table, query: ParsedQuery, { page, count, aggregates }: ReadOptions): ReadAction {
  const node = planSelect(cache, table, query.select, query.nodes, { aggregates });
  checkPlanCost(node);
  return { kind: 'read', node, page, count };
}

/** The row estimate of an EXPLAIN (format json) answer. */
export function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: number } }[])[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
}
