/**
 * The arguments of `/rpc/{fn}` and the overload they select, as PostgREST reads them: POST with a
 * JSON object passes named arguments (its keys); a function with a single unnamed parameter takes
 * the whole body instead — json/jsonb from application/json (any JSON value), text from text/plain,
 * xml from text/xml, bytea from application/octet-stream. GET passes named arguments in the query.
 */
import { readJson } from './body';
import { ambiguousFunction, bodyError, functionNotFound } from './errors';
import type { FunctionArg, RoutineDef, SchemaCache } from './schema-cache';
import { type Params, arrayLiteral, ident, literal } from './sql';

/** The request body of an rpc call, by what it can bind to. */
export type RpcInput =
  | { kind: 'named'; text: string; value: Record<string, unknown> }
  | { kind: 'json'; text: string }
  | { kind: 'text' | 'xml' | 'bytea'; text: string }
  | { kind: 'query'; args: Map<string, string> };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Read a POST body by its Content-Type (no body is a call without arguments). */
export function rpcInput(raw: string | Buffer | undefined, contentType: string | undefined): RpcInput {
  const ct = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (Buffer.isBuffer(raw)) return { kind: 'bytea', text: raw.toString('hex') };
  if (ct === 'text/plain') return { kind: 'text', text: raw ?? '' };
  if (ct === 'text/xml') return { kind: 'xml', text: raw ?? '' };
  if (raw === undefined || raw.trim() === '') return { kind: 'named', text: '{}', value: {} };
  const value = readJson(raw);
  return isObject(value) ? { kind: 'named', text: raw, value } : { kind: 'json', text: raw };
}

const UNNAMED_TYPES: Record<string, string[]> = { named: ['json', 'jsonb'], json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], bytea: ['bytea'] };

const isUnnamedSingle = (f: RoutineDef, input: RpcInput) =>
  f.args.length === 1 && f.args[0]!.name === '' && (UNNAMED_TYPES[input.kind]?.includes(f.args[0]!.baseType) ?? false) && !f.args[0]!.isArray;

function keysOf(input: RpcInput): string[] {
  if (input.kind === 'named') return Object.keys(input.value);
  if (input.kind === 'query') return [...input.args.keys()];
  return [];
}

/** The overload the input selects: named arguments first, else a single unnamed parameter. */
export function resolveFunction(cache: SchemaCache, name: string, input: RpcInput): RoutineDef {
  const list = cache.functions.get(name) ?? [];
  const keys = keysOf(input);
  const named = input.kind === 'named' || input.kind === 'query'
    ? list.filter((f) => {
        if (f.args.some((a) => a.name === '')) return false;
        const names = new Set(f.args.map((a) => a.name));
        return keys.every((k) => names.has(k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name));
      })
    : [];
  const fits = named.length ? named : list.filter((f) => isUnnamedSingle(f, input));
  if (fits.length > 1) throw ambiguousFunction(cache.schema, fits);
  if (fits.length === 0) {
    if (input.kind === 'json') throw bodyError('The body of an rpc call must be a JSON object of named arguments', `No function ${name} with a single unnamed json or jsonb parameter takes it whole.`);
    throw functionNotFound(cache.schema, name, keys);
  }
  return fits[0]!;
}

/** One named argument from the JSON body `b` (a parameter placeholder). */
function namedArg(a: FunctionArg, b: string, v: unknown): string {
  const key = literal(a.name);
  if (a.baseType === 'json' || a.baseType === 'jsonb') return `(${b}::json -> ${key})::${a.type}`;
  // A JSON object for a composite (row) type, an array of them for an array of one.
  if (isObject(v)) return `json_populate_record(null::${a.type}, ${b}::json -> ${key})`;
  if (a.isArray && Array.isArray(v)) {
    if (v.length > 0 && v.every(isObject)) return `(select array_agg(r) from json_populate_recordset(null::${a.type.slice(0, -2)}, ${b}::json -> ${key}) as r)::${a.type}`;
    return `(select array_agg(e) from json_array_elements_text(${b}::json -> ${key}) as e)::${a.type}`;
  }
  return `(${b}::json ->> ${key})::${a.type}`;
}

/** The argument list of the call, every value a parameter. */
export function callArguments(fn: RoutineDef, input: RpcInput, params: Params): string[] {
  if (fn.args.length === 1 && fn.args[0]!.name === '' && input.kind !== 'query') {
    if (input.kind === 'bytea') return [`decode(${params.add(input.text)}, 'hex')`];
    return [`${params.add(input.text)}::${fn.args[0]!.type}`];
  }
  if (input.kind === 'named') {
    // The body becomes a parameter only when an argument reads it: a parameter the statement does
    // not use is a protocol error on PostgreSQL (08P01), which answered 503 for a call without arguments.
    let b: string | undefined;
    const out: string[] = [];
    for (const a of fn.args) {
      if (!(a.name in input.value)) continue;
      b ??= params.add(input.text);
      out.push(`${ident(a.name)} := ${namedArg(a, b, input.value[a.name])}`);
    }
    return out;
  }
  if (input.kind !== 'query') return [];
  return fn.args.filter((a) => input.args.has(a.name)).map((a) => {
      const v = input.args.get(a.name)!;
      const value = a.isArray && !v.startsWith('{') ? arrayLiteral(v.split(',')) : v;
      return `${ident(a.name)} := ${params.add(value)}::${a.type}`;
    });
}
