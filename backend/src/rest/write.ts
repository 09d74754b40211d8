/**
 * POST (insert, upsert), PATCH (update) and DELETE on a table. The body travels as one JSON
 * parameter and is unpacked in SQL (json_populate_recordset), so values are typed by the table
 * and never touch the SQL text; the columns come from the body's keys (or `columns=`) and are
 * checked against the schema cache. `Prefer: return=representation` renders the affected rows
 * with the request's `select` (embedding included) in the same statement.
 */
import type { Tx } from '../db/types';
import type { TableBody } from './body';
import { maxAffectedExceeded, singularityError } from './errors';
import { columnsOf, insertCtes } from './insert';
import { compileFilters } from './filters';
import type { ParsedQuery } from './query-string';
import { stripArray } from './read';
import type { Preferences } from './request';
import { returningClause } from './returning';
import type { MediaType, RestResult } from './response';
import type { SchemaCache, Table } from './schema-cache';
import { checkNodePaths, compileSelectList, type CompileContext } from './select';
import { Params, ident, qualified } from './sql';

/** The final SELECT over the affected rows (pgrst_source), rendering them as PostgREST does. */
function renderAffected(ctx: CompileContext, table: Table, query: ParsedQuery, representation: boolean, insertedCount?: string): string {
  const inserted = insertedCount ? `, ${insertedCount} as inserted` : '';
  if (!representation) return `select null::text as body, count(*)::int as page_total${inserted} from pgrst_source`;
  const alias = ident(table.name);
  const tlist = compileSelectList(ctx, table, alias, query.select);
  return `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total${inserted} from (select ${tlist} from pgrst_source as ${alias}) pgrst_t`;
}

interface WritePlan {
  sql: string;
  params: (string | null)[];
}

/** A write as the planner sees it (built once by the route from the ApiRequest). */
export interface WriteRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  query: ParsedQuery;
  prefs: Preferences;
  /** POST and PATCH. */
  body?: TableBody;
  /** Prefer: return=representation — render the affected rows with the request's select. */
  representation: boolean;
}

/** The plan of a write; undefined when there is nothing to run (`[]`, or a PATCH of no columns). */
export function planWrite(cache: SchemaCache, table: Table, w: WriteRequest): WritePlan | undefined {
  if (w.method === 'POST') return planInsert(cache, table, w, w.body!);
  if (w.method === 'PATCH') return planUpdate(cache, table, w, w.body!);
  return planDelete(cache, table, w);
}

/** An insert plan; undefined for `[]` (nothing to insert, no statement). */
function planInsert(cache: SchemaCache, table: Table, { query, prefs, representation }: WriteRequest, body: TableBody): WritePlan | undefined {
  checkNodePaths(query.nodes, query.select);
  const params = new Params();
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const insert = insertCtes(table, query, prefs, body, params, returningClause(cache, table, ident(table.name), query.select, representation));
  if (!insert) return undefined;
  return { sql: `with ${insert.ctes} ${renderAffected(ctx, table, query, representation, insert.insertedCount)}`, params: params.values };
}

function planUpdate(cache: SchemaCache, table: Table, { query, representation }: WriteRequest, { text: bodyText, rows }: TableBody): WritePlan | undefined {
  checkNodePaths(query.nodes, query.select);
  const params = new Params();
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const cols = columnsOf(table, query, rows);
  if (cols.length === 0) return undefined;
  const alias = ident(table.name);
  const body = params.add(bodyText);
  const filters = compileFilters(table, alias, query.nodes.get('')!.filters, params);
  const set = cols.map((c) => `${ident(c)} = pgrst_r.${ident(c)}`).join(', ');
  const where = filters.length ? ` where ${filters.join(' and ')}` : '';
  const returning = returningClause(cache, table, alias, query.select, representation);
  const update = `update ${qualified(table.schema, table.name)} as ${alias} set ${set} from json_populate_record(null::${qualified(table.schema, table.name)}, ${body}::json) as pgrst_r${where}${returning}`;
  return { sql: `with pgrst_source as (${update}) ${renderAffected(ctx, table, query, representation)}`, params: params.values };
}

function planDelete(cache: SchemaCache, table: Table, { query, representation }: WriteRequest): WritePlan {
  checkNodePaths(query.nodes, query.select);
  const params = new Params();
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const alias = ident(table.name);
  const filters = compileFilters(table, alias, query.nodes.get('')!.filters, params);
  const where = filters.length ? ` where ${filters.join(' and ')}` : '';
  const returning = returningClause(cache, table, alias, query.select, representation);
  const del = `delete from ${qualified(table.schema, table.name)} as ${alias}${where}${returning}`;
  return { sql: `with pgrst_source as (${del}) ${renderAffected(ctx, table, query, representation)}`, params: params.values };
}

/** Run a write plan and shape the answer: 201/200 with rows, or 204; Content-Range `0-n/*`. */
export async function executeWrite(tx: Tx, plan: WritePlan | undefined, { method, prefs, representation }: WriteRequest, media: MediaType): Promise<RestResult> {
  let body = '[]';
  let n = 0;
  let inserted: number | undefined;
  if (plan) {
    const { rows } = await tx.query<{ body: string | null; page_total: number | string; inserted?: number | string }>(plan.sql, plan.params);
    body = rows[0]?.body ?? '[]';
    n = Number(rows[0]?.page_total ?? 0);
    if (rows[0]?.inserted !== undefined) inserted = Number(rows[0].inserted);
  }
  // Thrown inside the transaction, so the write is rolled back.
  if (prefs.maxAffected !== undefined && n > prefs.maxAffected) throw maxAffectedExceeded(n);
  // .single() on a write: anything but one row rolls the transaction back (we throw inside it).
  if (media === 'object' && n !== 1) throw singularityError(n);
  const total = prefs.count ? String(n) : '*';
  const headers: Record<string, string> = { 'Content-Range': n > 0 ? `0-${n - 1}/${total}` : `*/${total}` };
  if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
  // An upsert (merge-duplicates) that inserted nothing, only updated (or had nothing), is 200.
  const created = method === 'POST' && !(prefs.resolution === 'merge-duplicates' && (inserted ?? 0) === 0);
  if (!representation) return { status: created ? 201 : method === 'POST' ? 200 : 204, headers };
  return { status: created ? 201 : 200, headers, body: media === 'object' ? stripArray(body) : body };
}
