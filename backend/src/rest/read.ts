/**
 * GET/HEAD on a table or view: one SQL statement that filters, orders, pages and embeds, and
 * renders the JSON in the database (json_agg over the page), plus the exact count when asked.
 *
 * @example GET /rest/v1/gigs?select=*,profiles!gigs_user_id_fkey(username,avatar_url)&order=created_at.desc&limit=10
 */
import type { Tx } from '../db/types';
import { rangeNotSatisfiable, singularityError } from './errors';
import type { ParsedQuery } from './query-string';
import type { Preferences } from './request';
import type { MediaType, RestResult } from './response';
import type { SchemaCache, Table } from './schema-cache';
import { checkPlanCost } from './cost';
import { planRead as planSelect, type PlanNode } from './read-plan';
import { nodeConditions, renderNodeSelect, type RenderCtx } from './render-select';
import { Params, ident, qualified } from './sql';

export interface ReadPlan {
  sql: string;
  params: (string | null)[];
  /** count=planned|estimated: EXPLAIN of the filtered rows (own parameters) and the exact count. */
  estimate?: { explain: string; exact: string; params: (string | null)[] };
}

/** count=estimated answers exactly below this many planned rows (PostgREST: db-max-rows). */
export const ESTIMATE_EXACT_BELOW = 10_000;

/** The planner's row estimate for `select 1 from … where …` (count=planned / estimated). */
function estimatePlan(table: Table, plan: PlanNode): NonNullable<ReadPlan['estimate']> {
  const ctx: RenderCtx = { params: new Params(), seq: 0 };
  const alias = ident(table.name);
  const from = `${qualified(table.schema, table.name)} as ${alias}`;
  const conditions = nodeConditions(ctx, plan, alias);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  return { explain: `explain (format json) select 1 from ${from}${where}`, exact: `select count(*)::text as n from ${from}${where}`, params: ctx.params.values };
}

export interface Page {
  offset: number;
  limit?: number;
}

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
  count?: Preferences['count'];
  /** db-aggregates-enabled (config REST_AGGREGATES_ENABLED). */
  aggregates: boolean;
}

export function planRead(cache: SchemaCache, table: Table, query: ParsedQuery, { page, count: countMode, aggregates }: ReadOptions): ReadPlan {
  const plan = planSelect(cache, table, query.select, query.nodes, { aggregates });
  checkPlanCost(plan);
  const withCount = countMode === 'exact';
  const estimate = countMode === 'planned' || countMode === 'estimated' ? estimatePlan(table, plan) : undefined;
  const ctx: RenderCtx = { params: new Params(), seq: 0 };
  const alias = ident(table.name);
  const from = `${qualified(table.schema, table.name)} as ${alias}`;
  const rows = renderNodeSelect(ctx, plan, from, alias, [], { order: plan.opts.order, limit: page.limit, offset: page.offset }, false);
  let count = '';
  if (withCount) {
    const conditions = nodeConditions(ctx, plan, alias);
    count = `, (select count(*) from ${from}${conditions.length ? ` where ${conditions.join(' and ')}` : ''})::text as total`;
  }
  const sql = `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total${count} from (${rows.sql}) pgrst_t`;
  return { sql, params: ctx.params.values, estimate };
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: number } }[])[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
}

export interface ReadRow {
  body: string;
  page_total: number | string;
  total?: string | null;
}

/** Content-Range as PostgREST writes it: `0-9/100`, `*\/0`, `0-9/*`. */
export function contentRange(offset: number, pageTotal: number, total: number | undefined): string {
  const size = total === undefined ? '*' : String(total);
  return pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}/${size}` : `*/${size}`;
}

export interface ReadResponseOptions {
  page: Page;
  prefs: Preferences;
  media: MediaType;
  /** HEAD: the headers without the body. */
  head: boolean;
}

export async function executeRead(tx: Tx, plan: ReadPlan, { page, prefs, media, head }: ReadResponseOptions): Promise<RestResult> {
  const { rows } = await tx.query<ReadRow>(plan.sql, plan.params);
  const row = rows[0]!;
  const pageTotal = Number(row.page_total);
  let total = row.total !== undefined && row.total !== null ? Number(row.total) : undefined;
  if (plan.estimate) {
    const explained = await tx.query<Record<string, unknown>>(plan.estimate.explain, plan.estimate.params);
    total = planRows(Object.values(explained.rows[0] ?? {})[0]);
    if (prefs.count === 'estimated' && total < ESTIMATE_EXACT_BELOW) {
      total = Number((await tx.query<{ n: string }>(plan.estimate.exact, plan.estimate.params)).rows[0]?.n ?? 0);
    }
    // An estimate is never below what this page already shows.
    total = Math.max(total, page.offset + pageTotal);
  }
  const headers: Record<string, string> = { 'Content-Range': contentRange(page.offset, pageTotal, total) };
  const applied = prefs.applied.filter((p) => /^(count|tx|handling)=/.test(p));
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
  if (!plan.estimate && total !== undefined && pageTotal === 0 && page.offset > 0 && page.offset >= total && total > 0) {
    throw rangeNotSatisfiable(`An offset of ${page.offset} was requested, but there are only ${total} rows.`, `*/${total}`);
  }
  let status = 200;
  if (total !== undefined && pageTotal < total && (pageTotal > 0 || page.offset > 0)) status = 206;
  if (media === 'object') {
    if (pageTotal !== 1) throw singularityError(pageTotal);
    status = 200;
    return { status, headers, body: head ? undefined : stripArray(row.body) };
  }
  return { status, headers, body: head ? undefined : row.body };
}

/** The one element of a one-element JSON array text, without re-serialising it. */
export function stripArray(body: string): string {
  const t = body.trim();
  return t.slice(1, -1).trim();
}
