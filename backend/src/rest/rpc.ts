/**
 * POST/GET /rpc/{fn}: call a function of the exposed schema with named arguments (POST: the JSON
 * body's keys; GET: query parameters). A function returning rows (a table's row type, setof, OUT
 * parameters) can be filtered, ordered, paged and selected like a table; a single composite
 * renders as an object, a scalar as its JSON value, void as 204.
 */
import type { Tx } from '../db/types';
import { rpcBody, type RpcBody } from './body';
import { ambiguousFunction, functionNotFound, parseError, singularityError } from './errors';
import { compileFilters } from './filters';
import { parseQuery, type ParsedQuery } from './query-string';
import { contentRange, stripArray } from './read';
import type { MediaType, RestResult } from './response';
import type { RoutineDef, SchemaCache, SchemaCacheHolder, Table } from './schema-cache';
import { checkNodePaths, compileLimit, compileOrder, compileSelectList, type CompileContext } from './select';
import { Params, arrayLiteral, ident, literal, qualified } from './sql';

/** Pick the overload whose named arguments fit the given keys. */
export function resolveFunction(cache: SchemaCache, name: string, keys: string[]): RoutineDef | undefined {
  const list = cache.functions.get(name);
  if (!list) return undefined;
  const fits = list.filter((f) => {
    const names = new Set(f.args.map((a) => a.name));
    if (!keys.every((k) => names.has(k))) return false;
    return f.args.every((a) => a.hasDefault || keys.includes(a.name));
  });
  if (fits.length > 1) {
    throw ambiguousFunction(fits);
  }
  return fits[0];
}


/** The table a function's rows belong to (its return type is the table's row type), if any. */
function rowTable(cache: SchemaCache, fn: RoutineDef): Table | undefined {
  const t = fn.returnType.replace(/^public\./, '').replace(/^"(.*)"$/, '$1');
  return cache.tables.get(t);
}

interface RpcArgs {
  /** POST: the raw JSON body and its parsed object. */
  body?: RpcBody;
  /** GET: argument values as text. */
  query?: Map<string, string>;
}

export interface RpcPlan {
  sql: string;
  params: (string | null)[];
  kind: 'rows' | 'object' | 'scalar' | 'void';
}

/**
 * Plan `/rpc/{name}`: GET passes arguments in the query string (a pair named like an argument of
 * any overload is an argument, the rest are filters), POST in the body; the overload is the one
 * whose named arguments fit.
 */
export async function planRpcCall(holder: SchemaCacheHolder, name: string, request: { method: string; pairs: [string, string][]; body?: string }): Promise<{ plan: RpcPlan; offset: number }> {
  const isGet = request.method === 'GET' || request.method === 'HEAD';
  let cache = await holder.get();
  if (!cache.functions.has(name)) cache = (await holder.reloadAfterMiss()) ?? cache;
  const candidates = cache.functions.get(name) ?? [];
  const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
  const query = parseQuery(request.pairs, isGet ? argNames : new Set());
  const body = isGet ? undefined : rpcBody(request.body);
  const keys = body ? Object.keys(body.value) : query.rest.map(([k]) => k);
  const fn = resolveFunction(cache, name, keys);
  if (!fn) throw functionNotFound(name, keys);
  const plan = planRpc(cache, fn, query, body ? { body } : { query: new Map(query.rest) });
  return { plan, offset: query.nodes.get('')!.offset ?? 0 };
}

function planRpc(cache: SchemaCache, fn: RoutineDef, query: ParsedQuery, args: RpcArgs): RpcPlan {
  const params = new Params();
  const call: string[] = [];
  if (args.body) {
    // The body becomes a parameter only when an argument reads it: a parameter the statement does
    // not use is a protocol error on PostgreSQL (08P01), which answered 503 for a call without arguments.
    let bodyParam: string | undefined;
    for (const a of fn.args) {
      if (!(a.name in args.body.value)) continue;
      const b = (bodyParam ??= params.add(args.body.text));
      const key = literal(a.name);
      const v = args.body.value[a.name];
      let expr: string;
      if (a.baseType === 'json' || a.baseType === 'jsonb') expr = `(${b}::json -> ${key})::${a.type}`;
      else if (a.isArray && Array.isArray(v)) expr = `(select array_agg(e) from json_array_elements_text(${b}::json -> ${key}) as e)::${a.type}`;
      else expr = `(${b}::json ->> ${key})::${a.type}`;
      call.push(`${ident(a.name)} := ${expr}`);
    }
  } else if (args.query) {
    for (const a of fn.args) {
      const v = args.query.get(a.name);
      if (v === undefined) continue;
      const value = a.isArray && !v.startsWith('{') ? arrayLiteral(v.split(',')) : v;
      call.push(`${ident(a.name)} := ${params.add(value)}::${a.type}`);
    }
  }
  const invocation = `${qualified(cache.schema, fn.name)}(${call.join(', ')})`;
  if (fn.returnsVoid) return { sql: `select ${invocation}`, params: params.values, kind: 'void' };
  const table = rowTable(cache, fn);
  if (!fn.returnsComposite && !table) {
    if (fn.returnsSet) {
      return { sql: `select coalesce(json_agg(pgrst_s), '[]'::json)::text as body, count(*)::int as page_total from ${invocation} as pgrst_s`, params: params.values, kind: 'rows' };
    }
    return { sql: `select to_json(${invocation})::text as body, 1 as page_total`, params: params.values, kind: 'scalar' };
  }
  const alias = ident(fn.name);
  const root = query.nodes.get('')!;
  let tlist = `${alias}.*`;
  let where = '';
  let tail = '';
  if (table) {
    checkNodePaths(query.nodes, query.select);
    const ctx: CompileContext = { cache, params, nodes: query.nodes, seq: 0 };
    tlist = compileSelectList(ctx, table, alias, query.select);
    const filters = compileFilters(table, alias, root.filters, params);
    where = filters.length ? ` where ${filters.join(' and ')}` : '';
    tail = compileOrder(table, alias, root.order, params) + compileLimit(root.limit, root.offset);
  } else if (root.filters.length || root.order) {
    throw parseError(`Filtering or ordering the result of ${fn.name} is not supported`);
  }
  const sql = `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body, count(*)::int as page_total from (select ${tlist} from ${invocation} as ${alias}${where}${tail}) pgrst_t`;
  return { sql, params: params.values, kind: fn.returnsSet ? 'rows' : 'object' };
}

export interface RpcResponseOptions {
  media: MediaType;
  /** The offset asked for (Content-Range of a set-returning function). */
  offset: number;
  /** HEAD: the headers without the body. */
  head: boolean;
}

export async function executeRpc(tx: Tx, plan: RpcPlan, options: RpcResponseOptions): Promise<RestResult> {
  const result = await rpcResult(tx, plan, options);
  return options.head ? { ...result, body: undefined } : result;
}

async function rpcResult(tx: Tx, plan: RpcPlan, { media, offset }: RpcResponseOptions): Promise<RestResult> {
  const { rows } = await tx.query<{ body: string | null; page_total: number | string }>(plan.sql, plan.params);
  if (plan.kind === 'void') return { status: 204, headers: { 'Content-Range': '*/*' } };
  const body = rows[0]?.body ?? 'null';
  const n = Number(rows[0]?.page_total ?? 0);
  const headers = { 'Content-Range': plan.kind === 'rows' ? contentRange(offset, n, undefined) : '0-0/*' };
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
