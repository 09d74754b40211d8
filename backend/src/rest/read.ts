/**
 * GET/HEAD on a table or view: one SQL statement that filters, orders, pages and embeds, and
 * renders the JSON in the database (json_agg over the page), plus the exact count when asked.
 *
 * @example GET /rest/v1/gigs?select=*,profiles(username,avatar_url)&order=created_at.desc&limit=10
 */
import type { Tx } from '../db/types';
import { rangeNotSatisfiable, singularityError } from './errors';
import { compileFilters } from './filters';
import type { ParsedQuery } from './query-string';
import type { Preferences } from './request';
import type { MediaType, RestResult } from './response';
import type { SchemaCache, Table } from './schema-cache';
import { EXPOSED_SCHEMA } from './schema-cache';
import { checkNodePaths, compileLimit, compileOrder, compileSelectList, innerConditions, type CompileContext } from './select';
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
function estimatePlan(table: Table, query: ParsedQuery, cache: SchemaCache): NonNullable<ReadPlan['estimate']> {
  const params = new Params();
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const alias = ident(table.name);
  const from = `${qualified(EXPOSED_SCHEMA, table.name)} as ${alias}`;
  const conditions = [...compileFilters(table, alias, query.nodes.get('')!.filters, params), ...innerConditions(ctx, table, alias, query.select, '')];
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  return { explain: `explain (format json) select 1 from ${from}${where}`, exact: `select count(*)::text as n from ${from}${where}`, params: params.values };
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

/**
 * `select=count()` — or `select=count` on a table without such a column, as older supabase-js
 * examples send — is the row count as [{"count": n}].
 */
function countOnly(table: Table, query: ParsedQuery): string | undefined {
  if (query.select.length !== 1) return undefined;
  const item = query.select[0]!;
  if (item.kind !== 'column' || item.field.name !== 'count' || item.field.jsonPath.length) return undefined;
  if (!item.aggregate && table.columns.has('count')) return undefined;
  return item.alias ?? 'count';
}

export interface ReadOptions {
  page: Page;
  /** The count to plan for (the route makes planned/estimated exact under RLS). */
  count?: Preferences['count'];
}

export function planRead(cache: SchemaCache, table: Table, query: ParsedQuery, { page, count: countMode }: ReadOptions): ReadPlan {
  const withCount = countMode === 'exact';
  const estimate = countMode === 'planned' || countMode === 'estimated' ? estimatePlan(table, query, cache) : undefined;
  checkNodePaths(query.nodes, query.select);
  const params = new Params();
  const countAlias = countOnly(table, query);
  if (countAlias !== undefined) {
    const alias = ident(table.name);
    const root = query.nodes.get('')!;
    const conditions = compileFilters(table, alias, root.filters, params);
    const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
    const from = `${qualified(EXPOSED_SCHEMA, table.name)} as ${alias}`;
    const count = withCount ? `, (select count(*) from ${from}${where})::text as total` : '';
    return { sql: `select json_agg(pgrst_t)::text as body, 1 as page_total${count} from (select count(*) as ${ident(countAlias)} from ${from}${where}) pgrst_t`, params: params.values, estimate };
  }
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const alias = ident(table.name);
  const root = query.nodes.get('')!;
  const from = `${qualified(EXPOSED_SCHEMA, table.name)} as ${alias}`;
  const tlist = compileSelectList(ctx, table, alias, query.select);
  const conditions = [...compileFilters(table, alias, root.filters, params), ...innerConditions(ctx, table, alias, query.select, '')];
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const tail = compileOrder(table, alias, root.order, params) + compileLimit(page.limit, page.offset);
  const count = withCount ? `, (select count(*) from ${from}${where})::text as total` : '';
  const sql = `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total${count} from (select ${tlist} from ${from}${where}${tail}) pgrst_t`;
  return { sql, params: params.values, estimate };
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
