/**
 * POST/GET /rpc/{fn} planned as data (action-plan.ts CallAction): which overload the arguments
 * select, exactly as PostgREST's findProc chooses (rpc-input.ts reads the body), how the
 * arguments are passed, and how the result is read — rows read like a table (`select=`, filters,
 * `order`, `limit`/`offset`, `count`, embeds when the rows are an exposed table's), one object, a
 * scalar, nothing (void), or the raw text/bytes of text/plain and application/octet-stream.
 */
import type { CallAction, CallArgs, CallShape, Page } from './action-plan';
import { ambiguousFunction, bodyError, functionNotFound, notAcceptable, parseError } from './errors';
import type { ParsedQuery } from './query-string';
import { checkNodePaths, planRead } from './read-plan';
import type { RpcInput } from './rpc-input';
import type { Column, FunctionArg, RoutineDef, SchemaCache, Table } from './schema-cache';
import { checkPlanCost } from './cost';
import { closest } from './fuzzy';

/** The body types a single unnamed parameter takes, by the request's Content-Type. */
const UNNAMED_TYPES: Record<RpcInput['kind'], string | string[]> = { named: ['json', 'jsonb'], json: ['json', 'jsonb'], text: 'text', xml: 'xml', bytea: 'bytea', query: [] };

/** PostgREST leaves out of its cache a function with two unnamed parameters, or one of a type no body is. */
function callable(fn: RoutineDef): boolean {
  const unnamed = fn.args.filter((a) => a.name === '');
  return unnamed.length === 0 || (unnamed.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]!.type));
}

/**
 * Overloads in PostgREST's order (its Ord of routines): fewer parameters first, then the comment
 * (none first), then the parameters' names, types and whether each is required; ties keep catalog order.
 */
function byPostgrestOrder(a: RoutineDef, b: RoutineDef): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  if (a.description !== b.description) {
    if (a.description === undefined || b.description === undefined) return a.description === undefined ? -1 : 1;
    return a.description < b.description ? -1 : 1;
  }
  for (let i = 0; i < a.args.length; i++) {
    const x = a.args[i]!;
    const y = b.args[i]!;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
    if (x.hasDefault !== y.hasDefault) return x.hasDefault ? -1 : 1; // required (true) sorts after
  }
  return 0;
}

/** Does `fn` take exactly these argument names (its required ones, any of its optional ones)? */
function matchesKeys(fn: RoutineDef, keys: Set<string>, input: RpcInput): boolean {
  if (fn.args.length === 0) return keys.size === 0 && !(input.kind === 'text' || input.kind === 'xml' || input.kind === 'bytea');
  const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((r) => keys.has(r));
}

function singleUnnamed(fn: RoutineDef, input: RpcInput): boolean {
  if (input.kind === 'query' || fn.args.length !== 1 || fn.args[0]!.name !== '') return false;
  const types = UNNAMED_TYPES[input.kind];
  return Array.isArray(types) ? types.includes(fn.args[0]!.type) : types === fn.args[0]!.type;
}

export function keysOf(input: RpcInput): string[] {
  if (input.kind === 'named') return Object.keys(input.value);
  if (input.kind === 'query') return [...input.args.keys()];
  return [];
}

/**
 * PGRST202's hint, as PostgREST's: the closest function name (no function has this one), or the
 * closest parameter list of its overloads — among the functions the caller's role may execute
 * only, so that a hint never names what the caller could not call anyway.
 */
function notFoundHint(cache: SchemaCache, name: string, keys: string[], role: string): string | null {
  const mayCall = (f: RoutineDef) => callable(f) && f.executableBy.includes(role);
  const overloads = (cache.functions.get(name) ?? []).filter(mayCall);
  const prefix = `Perhaps you meant to call the function ${cache.schema}.`;
  if (overloads.length === 0) {
    const names = [...cache.functions].filter(([, list]) => list.some(mayCall)).map(([n]) => n);
    const match = closest(names, name, 0.75);
    return match === undefined ? null : prefix + match;
  }
  const params = (list: string[]) => `(${[...list].sort().join(', ')})`;
  const match = closest(overloads.map((f) => params(f.args.map((a) => a.name))), params(keys), 0.33);
  return match === undefined ? null : prefix + name + match;
}

/**
 * The overload the arguments select (PostgREST's findProc): those whose parameters the keys
 * match; none — the one with a single unnamed parameter the body fits; several — 300 PGRST203.
 */
export function findRoutine(cache: SchemaCache, name: string, input: RpcInput, role: string): RoutineDef {
  const overloads = (cache.functions.get(name) ?? []).filter(callable).sort(byPostgrestOrder);
  const keys = new Set(keysOf(input));
  const matching = overloads.filter((f) => matchesKeys(f, keys, input));
  const fallback = overloads.filter((f) => !matchesKeys(f, keys, input) && singleUnnamed(f, input));
  const fits = matching.length ? matching : fallback;
  if (fits.length > 1) throw ambiguousFunction(cache.schema, fits);
  if (fits.length === 1) return fits[0]!;
  if (input.kind === 'json') throw bodyError('The body of an rpc call must be a JSON object of named arguments', `No function ${name} with a single unnamed json or jsonb parameter takes it whole.`);
  const raw = input.kind === 'text' || input.kind === 'xml' || input.kind === 'bytea';
  throw functionNotFound(cache.schema, name, [...keys], input.kind, raw ? null : notFoundHint(cache, name, [...keys], role));
}

/**
 * The rows a function returns, as a table: the exposed table of that row type (so embeds work),
 * else one made of its result columns (no relationships, so nothing embeds).
 */
function resultTable(cache: SchemaCache, fn: RoutineDef): Table | undefined {
  const t = fn.returnsRel === undefined ? undefined : cache.tables.get(fn.returnsRel);
  if (t) return t;
  if (!fn.returnsComposite || fn.columns.length === 0) return undefined;
  const columns = new Map<string, Column>(fn.columns.map((c) => [c.name, { name: c.name, type: c.type, baseType: c.baseType, isArray: c.isArray, nullable: true, defaultExpr: null, identity: false, identityAlways: false, generated: false }]));
  return { name: fn.name, schema: cache.schema, kind: 'view', columns, columnOrder: fn.columns.map((c) => c.name), primaryKey: [], rls: true, computed: new Map() };
}

/** How the arguments reach the function (PostgREST's callPlan: one unnamed parameter is passed by position). */
function callArgs(fn: RoutineDef, input: RpcInput): CallArgs {
  if (fn.args.length === 1 && fn.args[0]!.name === '') {
    // By GET the query's arguments become the JSON object PostgREST would pass.
    const body = input.kind === 'query' ? JSON.stringify(Object.fromEntries(input.args)) : input.text;
    return { kind: 'positional', param: fn.args[0]!, body, bytes: input.kind === 'bytea' };
  }
  if (input.kind === 'query') return { kind: 'query', params: fn.args.filter((a) => input.args.has(a.name)).map((a) => [a, input.args.get(a.name)!] as [FunctionArg, string]) };
  const value = input.kind === 'named' ? input.value : {};
  return { kind: 'json', params: fn.args.filter((a) => a.name in value), body: input.kind === 'named' ? input.text : '{}', values: value };
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name', 'citext', 'xml']);

export interface CallOptions {
  /** Accept: text/plain or application/octet-stream — the raw value of a text or bytea function. */
  raw?: 'text' | 'binary';
  page: Page;
  count?: CallAction['count'];
  aggregates: boolean;
}

export function planCall(cache: SchemaCache, fn: RoutineDef, query: ParsedQuery, input: RpcInput, o: CallOptions): CallAction {
  const args = callArgs(fn, input);
  const base = { kind: 'call' as const, schema: cache.schema, fn, args, page: o.page, count: o.count };
  if (o.raw) {
    const fits = !fn.returnsSet && (o.raw === 'text' ? TEXT_TYPES.has(fn.returnType) : fn.returnType === 'bytea');
    if (!fits) throw notAcceptable(o.raw === 'text' ? 'text/plain' : 'application/octet-stream');
    return { ...base, shape: o.raw };
  }
  if (fn.returnsVoid) return { ...base, shape: 'void' };
  const table = resultTable(cache, fn);
  const root = query.nodes.get('')!;
  if (!table) {
    if (root.filters.length || root.order) throw parseError(`Filtering or ordering the result of ${fn.name} is not supported`, 'Only functions that return rows (a table or composite type, OUT or TABLE parameters) can be filtered and ordered.');
    return { ...base, shape: fn.returnsSet ? 'rows' : 'scalar' };
  }
  checkNodePaths(query.nodes, query.select);
  const read = planRead(cache, table, query.select, query.nodes, { aggregates: o.aggregates });
  checkPlanCost(read);
  const shape: CallShape = fn.returnsSet ? 'rows' : 'object';
  return { ...base, shape, read };
}
