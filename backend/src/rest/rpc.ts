/**
 * POST/GET /rpc/{fn}: call a function of the exposed schema (arguments and overloads: rpc-args.ts).
 * A function returning rows — a table's row type, a composite type, OUT or TABLE parameters, as
 * one row or a set — is read like a table: `select=`, filters, `order`, `limit`/`offset` and
 * `Prefer: count=exact` apply to its result (embeds too when the rows are a table's). A single
 * composite renders as an object, a scalar as its JSON value, void as 204.
 */
import type { Tx } from '../db/types';
import { maxAffectedExceeded, maxAffectedNeedsRows, notAcceptable, parseError, singularityError } from './errors';
import { parseQuery, type ParsedQuery } from './query-string';
import { contentRange, stripArray } from './read';
import type { Preferences } from './request';
import type { MediaType, RestResult } from './response';
import { callArguments, resolveFunction, rpcInput, type RpcInput } from './rpc-args';
import type { Column, RoutineDef, SchemaCache, SchemaCacheHolder, Table } from './schema-cache';
import { checkNodePaths, compileLimit, compileRows, type CompileContext } from './select';
import { Params, ident, qualified } from './sql';

/**
 * The rows a function returns, as a table: the exposed table of that row type (so embeds work),
 * else one made of its result columns (no relationships, so nothing embeds).
 */
function resultTable(cache: SchemaCache, fn: RoutineDef): Table | undefined {
  // By the row type's relation (format_type's text is schema-qualified outside the search path).
  const t = fn.returnsRel === undefined ? undefined : cache.tables.get(fn.returnsRel);
  if (t) return t;
  if (!fn.returnsComposite || fn.columns.length === 0) return undefined;
  const columns = new Map<string, Column>(fn.columns.map((c) => [c.name, { name: c.name, type: c.type, baseType: c.baseType, isArray: c.isArray, nullable: true, defaultExpr: null, identity: false, generated: false }]));
  return { name: fn.name, schema: cache.schema, kind: 'view', columns, columnOrder: fn.columns.map((c) => c.name), primaryKey: [], rls: true, computed: new Map() };
}

export interface RpcPlan {
  sql: string;
  params: (string | null)[];
  kind: 'rows' | 'object' | 'scalar' | 'void' | 'text' | 'binary';
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name', 'citext', 'xml']);

/** The raw value of a function returning text (text/plain) or bytea (application/octet-stream); other functions: 406. */
function planRaw(schema: string, fn: RoutineDef, input: RpcInput, raw: 'text' | 'binary'): RpcPlan {
  const fits = !fn.returnsSet && (raw === 'text' ? TEXT_TYPES.has(fn.returnType) : fn.returnType === 'bytea');
  if (!fits) throw notAcceptable(raw === 'text' ? 'text/plain' : 'application/octet-stream');
  const params = new Params();
  const invocation = `${qualified(schema, fn.name)}(${callArguments(fn, input, params).join(', ')})`;
  const value = raw === 'text' ? `(${invocation})::text` : `encode(${invocation}, 'base64')`;
  return { sql: `select ${value} as body, 1 as page_total`, params: params.values, kind: raw };
}

export interface RpcRequest {
  method: string;
  /** Accept: text/plain or application/octet-stream — the raw value of a text or bytea function. */
  raw?: 'text' | 'binary';
  pairs: [string, string][];
  body?: string | Buffer;
  contentType?: string;
  prefs: Preferences;
}

/**
 * Plan `/rpc/{name}`: GET passes arguments in the query string (a pair named like an argument of
 * any overload is an argument, the rest are filters), POST in the body.
 */
export async function planRpcCall(holder: SchemaCacheHolder, name: string, request: RpcRequest): Promise<{ plan: RpcPlan; offset: number }> {
  const isGet = request.method === 'GET' || request.method === 'HEAD';
  let cache = await holder.get();
  if (!cache.functions.has(name)) cache = (await holder.reloadAfterMiss()) ?? cache;
  const candidates = cache.functions.get(name) ?? [];
  const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
  const query = parseQuery(request.pairs, isGet ? argNames : new Set());
  const input: RpcInput = isGet ? { kind: 'query', args: new Map(query.rest) } : rpcInput(request.body, request.contentType);
  const fn = resolveFunction(cache, name, input);
  const plan = request.raw ? planRaw(cache.schema, fn, input, request.raw) : planRpc(cache, fn, query, input, request.prefs.count === 'exact');
  return { plan, offset: query.nodes.get('')!.offset ?? 0 };
}

function planRpc(cache: SchemaCache, fn: RoutineDef, query: ParsedQuery, input: RpcInput, withCount: boolean): RpcPlan {
  const params = new Params();
  const invocation = `${qualified(cache.schema, fn.name)}(${callArguments(fn, input, params).join(', ')})`;
  if (fn.returnsVoid) return { sql: `select ${invocation}`, params: params.values, kind: 'void' };
  const table = resultTable(cache, fn);
  const root = query.nodes.get('')!;
  if (!table) {
    if (root.filters.length || root.order) throw parseError(`Filtering or ordering the result of ${fn.name} is not supported`, 'Only functions that return rows (a table or composite type, OUT or TABLE parameters) can be filtered and ordered.');
    if (fn.returnsSet) {
      return { sql: `select coalesce(json_agg(pgrst_s), '[]'::json)::text as body, count(*)::int as page_total, count(*)::text as total from ${invocation} as pgrst_s`, params: params.values, kind: 'rows' };
    }
    return { sql: `select to_json(${invocation})::text as body, 1 as page_total`, params: params.values, kind: 'scalar' };
  }
  const alias = ident(fn.name);
  checkNodePaths(query.nodes, query.select);
  const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
  const { list: tlist, conds: filters, order } = compileRows(ctx, table, alias, query.select, root.order);
  const where = filters.length ? ` where ${filters.join(' and ')}` : '';
  const tail = order + compileLimit(root.limit, root.offset);
  const kind = fn.returnsSet ? 'rows' : 'object';
  if (!withCount) {
    const sql = `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total from (select ${tlist} from ${invocation} as ${alias}${where}${tail}) pgrst_t`;
    return { sql, params: params.values, kind };
  }
  // The function runs once (a CTE read twice): a volatile function must not run again for the count.
  const sql = `with pgrst_call as (select * from ${invocation}) select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total, (select count(*) from pgrst_call as ${alias}${where})::text as total from (select ${tlist} from pgrst_call as ${alias}${where}${tail}) pgrst_t`;
  return { sql, params: params.values, kind };
}

export interface RpcResponseOptions {
  media: MediaType;
  /** The offset asked for (Content-Range of a set-returning function). */
  offset: number;
  /** HEAD: the headers without the body. */
  head: boolean;
  prefs: Preferences;
}

export async function executeRpc(tx: Tx, plan: RpcPlan, options: RpcResponseOptions): Promise<RestResult> {
  const result = await rpcResult(tx, plan, options);
  return options.head ? { ...result, body: undefined } : result;
}

async function rpcResult(tx: Tx, plan: RpcPlan, { media, offset, prefs }: RpcResponseOptions): Promise<RestResult> {
  // Checked before the call: a void function's effects cannot be counted.
  if (prefs.maxAffected !== undefined && plan.kind !== 'rows') throw maxAffectedNeedsRows();
  const { rows } = await tx.query<{ body: string | null; page_total: number | string; total?: string | null }>(plan.sql, plan.params);
  const headers: Record<string, string> = {};
  if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
  if (plan.kind === 'void') return { status: 204, headers: { ...headers, 'Content-Range': '*/*' } };
  if (plan.kind === 'text' || plan.kind === 'binary') {
    const value = rows[0]?.body ?? '';
    return { status: 200, headers: { ...headers, 'Content-Range': '0-0/*' }, body: plan.kind === 'binary' ? Buffer.from(value, 'base64') : value };
  }
  const body = rows[0]?.body ?? 'null';
  const n = Number(rows[0]?.page_total ?? 0);
  const total = prefs.count === 'exact' && rows[0]?.total != null ? Number(rows[0].total) : undefined;
  // Thrown inside the transaction: whatever the function changed is rolled back.
  if (prefs.maxAffected !== undefined && (total ?? n) > prefs.maxAffected) throw maxAffectedExceeded(total ?? n);
  headers['Content-Range'] = plan.kind === 'rows' ? contentRange(offset, n, total) : '0-0/*';
  if (plan.kind === 'rows') {
    if (media === 'object') {
      if (n !== 1) throw singularityError(n);
      return { status: 200, headers, body: stripArray(body) };
    }
    return { status: 200, headers, body };
  }
  if (plan.kind === 'object') return { status: 200, headers, body: n === 0 ? 'null' : stripArray(body) };
  return { status: 200, headers, body };
}
