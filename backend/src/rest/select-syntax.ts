/**
 * The `select` parameter: columns with aliases, casts and JSON paths, embedded resources (with
 * hints, `!inner`, spreads `...rel(cols)`, empty embeds `rel()`), and aggregates (`count()`,
 * `col.sum()`, `col::numeric.avg()::int`). Anything malformed throws PGRST100 (HTTP 400).
 */
import { LIMITS } from '../http/limits';
import { parseError } from './errors';
import { checkName, parseField, splitTopLevel, unquote, type Field } from './query-syntax';

/** The aggregate functions PostgREST 12 allows in select (`amount.sum()`, `count()`). */
export type AggregateFn = 'count' | 'sum' | 'avg' | 'min' | 'max';

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column'; field: Field; alias?: string; cast?: string;
      /** `col.sum()`; `count()` has no column (`countAll`). `cast` is the input's, `aggregateCast` the output's. */
      aggregate?: AggregateFn; aggregateCast?: string; countAll?: boolean;
    }
  /** `spread`: `...rel(cols)`, the embed's columns at the parent's level. */
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; spread: boolean; items: SelectItem[] };

/** Parse a `select` parameter into a tree (`depth`: how deep inside embeds this list is). */
export function parseSelect(s: string, depth = 0): SelectItem[] {
  const src = s.trim();
  if (src === '') return [{ kind: 'star' }];
  if (depth > LIMITS.embedDepth) throw parseError(`Embedded resources nested deeper than ${LIMITS.embedDepth} levels`);
  return splitTopLevel(src).map((raw) => parseSelectItem(raw.trim(), s, depth));
}

function parseSelectItem(item: string, context: string, depth: number): SelectItem {
  if (item === '*') return { kind: 'star' };
  if (item === '') throw parseError('Empty item in select', context.slice(0, 200));
  if (item.startsWith('...')) {
    const spread = parseSelectItem(item.slice(3).trim(), context, depth);
    if (spread.kind !== 'embed') throw parseError(`Only an embedded resource can be spread: "${item.slice(0, 200)}"`);
    return { ...spread, spread: true };
  }
  let alias: string | undefined;
  let body = item;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:(!"]+):(?!:)/.exec(item);
  if (aliasMatch) {
    const a = aliasMatch[1]!;
    alias = a.startsWith('"') ? unquote(a) : checkName(a.trim(), 'alias', context);
    body = item.slice(aliasMatch[0].length).trim();
  }
  const agg = parseAggregate(body, context);
  if (agg) return { ...agg, alias } as SelectItem;
  const paren = body.indexOf('(');
  if (paren >= 0) {
    if (!body.endsWith(')')) throw parseError(`Invalid embedding "${body.slice(0, 200)}"`);
    const head = body.slice(0, paren).trim();
    const inside = body.slice(paren + 1, -1);
    const [name, ...mods] = head.split('!');
    let hint: string | undefined;
    let inner = false;
    for (const mod of mods) {
      if (mod === 'inner') inner = true;
      else if (mod === 'left') inner = false;
      else if (hint === undefined) hint = checkName(mod, 'embedding hint', context);
      else throw parseError(`Invalid embedding modifier "${mod.slice(0, 100)}"`, context.slice(0, 200));
    }
    if (!name) throw parseError('Empty embedded resource', context.slice(0, 200));
    checkName(name, 'embedded resource', context);
    // An empty embed (`rel()`) selects nothing: it only filters (with !inner) and is left out.
    return { kind: 'embed', name, alias, hint, inner, spread: false, items: inside.trim() === '' ? [] : parseSelect(inside, depth + 1) };
  }
  const { text, cast } = splitCast(body, context);
  return { kind: 'column', field: parseField(text, context), alias, cast };
}

const CAST = /^[a-z_][a-z0-9_]{0,62}(\[\])?$/i;

function splitCast(body: string, context: string): { text: string; cast?: string } {
  const castAt = body.lastIndexOf('::');
  if (castAt < 0) return { text: body };
  const cast = body.slice(castAt + 2).trim();
  if (!CAST.test(cast)) throw parseError(`Invalid cast type "${cast.slice(0, 100)}"`, context.slice(0, 200));
  return { text: body.slice(0, castAt), cast };
}

const AGGREGATE = /^(?:(.+)\.)?(count|sum|avg|min|max)\(\)(?:::(.+))?$/;

/** `count()`, `col.sum()`, `col::numeric.avg()::int` (input cast before, output cast after). */
function parseAggregate(body: string, context: string): SelectItem | undefined {
  const m = AGGREGATE.exec(body);
  if (!m) return undefined;
  const fn = m[2] as AggregateFn;
  const aggregateCast = m[3]?.trim();
  if (aggregateCast !== undefined && !CAST.test(aggregateCast)) throw parseError(`Invalid cast type "${aggregateCast.slice(0, 100)}"`, context.slice(0, 200));
  if (m[1] === undefined) {
    if (fn !== 'count') throw parseError(`${fn}() needs a column: "col.${fn}()"`, context.slice(0, 200));
    return { kind: 'column', field: { name: 'count', jsonPath: [] }, aggregate: 'count', countAll: true, aggregateCast };
  }
  const { text, cast } = splitCast(m[1], context);
  return { kind: 'column', field: parseField(text, context), cast, aggregate: fn, aggregateCast };
}

