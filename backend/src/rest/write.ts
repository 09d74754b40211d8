/**
 * POST (insert, upsert), PATCH (update) and DELETE on a table. The body travels as one JSON
 * parameter and is unpacked in SQL (json_populate_recordset), so values are typed by the table
 * and never touch the SQL text; the columns come from the body's keys (or `columns=`) and are
 * checked against the schema cache. `Prefer: return=representation` renders the affected rows
 * with the request's `select` (embedding included) in the same statement.
 */
import type { Tx } from '../db/types';
import type { TableBody } from './body';
import { bodyError, columnNotFound, parseError, singularityError } from './errors';
import { compileFilters } from './filters';
import type { ParsedQuery } from './query-string';
import { stripArray } from './read';
import type { Preferences } from './request';
import type { MediaType, RestResult } from './response';
import type { SchemaCache, Table } from './schema-cache';
import { checkNodePaths, compileSelectList, type CompileContext } from './select';
import { Params, ident, literal, qualified } from './sql';

function columnsOf(table: Table, query: ParsedQuery, rows: Record<string, unknown>[]): string[] {
  const names = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const n of names) if (!table.columns.has(n)) throw columnNotFound(table.name, n);
  return names;
}

/** The final SELECT over the affected rows (pgrst_source), rendering them as PostgREST does. */
function renderAffected(ctx: CompileContext, table: Table, query: ParsedQuery, representation: boolean): string {
  if (!representation) return `select null::text as body, count(*)::int as page_total from pgrst_source`;
  const alias = ident(table.name);
  const tlist = compileSelectList(ctx, table, alias, query.select);
  return `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total from (select ${tlist} from pgrst_source as ${alias}) pgrst_t`;
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
function planInsert(cache: SchemaCache, table: Table, { query, prefs, representation }: WriteRequest, { text: bodyText, rows }: TableBody): WritePlan | undefined {
  checkNodePaths(query.nodes, query.select);
  const params = new Params();
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const cols = columnsOf(table, query, rows);
  const target = `${qualified(table.schema, table.name)} as ${ident(table.name)}`;
  const returning = representation ? ` returning ${ident(table.name)}.*` : ' returning 1';
  let insert: string;
  if (cols.length === 0) {
    // `{}` is one row of defaults; `[]` inserts nothing. No body parameter here: a parameter the
    // statement does not use is a protocol error (08P01, a 503) on both drivers.
    if (rows.length === 0) return undefined;
    if (rows.length > 1) throw bodyError('Cannot insert several rows with no columns');
    insert = `insert into ${target} default values${returning}`;
  } else {
    const body = params.add(bodyText);
    const elements = `json_array_elements(case when json_typeof(${body}::json) = 'array' then ${body}::json else json_build_array(${body}::json) end) with ordinality as pgrst_e(j, n)`;
    const rec = `json_populate_record(null::${qualified(table.schema, table.name)}, pgrst_e.j) as pgrst_r`;
    const values = cols.map((c) => {
      const col = table.columns.get(c)!;
      const v = `pgrst_r.${ident(c)}`;
      if (prefs.missing === 'default' && col.defaultExpr) return `case when (pgrst_e.j)::jsonb ? ${literal(c)} then ${v} else ${col.defaultExpr} end`;
      return v;
    });
    insert = `insert into ${target} (${cols.map(ident).join(', ')}) select ${values.join(', ')} from ${elements} cross join lateral ${rec} order by pgrst_e.n`;
    if (prefs.resolution) {
      const conflict = query.onConflict ?? table.primaryKey;
      if (conflict.length === 0) throw parseError(`Upsert on "${table.name}" needs on_conflict: the table has no primary key`);
      for (const c of conflict) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
      const updates = cols.filter((c) => !conflict.includes(c));
      insert += ` on conflict (${conflict.map(ident).join(', ')})`;
      insert += prefs.resolution === 'ignore-duplicates' || updates.length === 0
        ? ' do nothing'
        : ` do update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
    } else if (query.onConflict) {
      throw parseError('on_conflict needs Prefer: resolution=merge-duplicates or resolution=ignore-duplicates');
    }
    insert += returning;
  }
  const sql = `with pgrst_source as (${insert}) ${renderAffected(ctx, table, query, representation)}`;
  return { sql, params: params.values };
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
  const returning = representation ? ` returning ${alias}.*` : ' returning 1';
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
  const returning = representation ? ` returning ${alias}.*` : ' returning 1';
  const del = `delete from ${qualified(table.schema, table.name)} as ${alias}${where}${returning}`;
  return { sql: `with pgrst_source as (${del}) ${renderAffected(ctx, table, query, representation)}`, params: params.values };
}

/** Run a write plan and shape the answer: 201/200 with rows, or 204; Content-Range `0-n/*`. */
export async function executeWrite(tx: Tx, plan: WritePlan | undefined, { method, prefs, representation }: WriteRequest, media: MediaType): Promise<RestResult> {
  let body = '[]';
  let n = 0;
  if (plan) {
    const { rows } = await tx.query<{ body: string | null; page_total: number | string }>(plan.sql, plan.params);
    body = rows[0]?.body ?? '[]';
    n = Number(rows[0]?.page_total ?? 0);
  }
  // .single() on a write: anything but one row rolls the transaction back (we throw inside it).
  if (media === 'object' && n !== 1) throw singularityError(n);
  const total = prefs.count ? String(n) : '*';
  const headers: Record<string, string> = { 'Content-Range': n > 0 ? `0-${n - 1}/${total}` : `*/${total}` };
  if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
  const okStatus = method === 'POST' ? 201 : 200;
  if (!representation) return { status: method === 'POST' ? 201 : 204, headers };
  return { status: okStatus, headers, body: media === 'object' ? stripArray(body) : body };
}

