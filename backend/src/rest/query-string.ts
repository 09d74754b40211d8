/**
 * Parsing of PostgREST query strings into one tree: `select` (with embeds), `order` terms, and
 * every pair placed on its node (`profiles.username=eq.x`, `profiles.order=…` scope to an embed).
 * The lexical pieces are in query-syntax.ts, filters and logic trees in filter-syntax.ts (both
 * re-exported here). Anything malformed throws PGRST100 (HTTP 400). Nothing here touches SQL.
 */
import { checkQueryCost } from './cost';
import { parseError } from './errors';
import { parseLogic, parseOperation } from './filter-syntax';
import { checkName, parseField, splitTopLevel } from './query-syntax';
import type { NodeOptions, OrderTerm, ParsedQuery } from './query-types';
import { parseSelect } from './select-syntax';

export * from './filter-syntax';
export * from './query-syntax';
export * from './select-syntax';

export type { NodeOptions, OrderTerm, ParsedQuery } from './query-types';

/** `rel(col)`: the parent ordered by a column of its to-one embed `rel` (one level, as PostgREST). */
function orderTarget(text: string, context: string): Pick<OrderTerm, 'relation' | 'field'> {
  if (!text.includes('(')) return { field: parseField(text, context) };
  const m = /^([^()]+)\(([^()]+)\)$/.exec(text);
  if (!m) throw parseError(`"failed to parse order (${context.slice(0, 200)})"`, 'Expected a column, or an embedded resource and one of its columns: rel(col)');
  return { relation: checkName(m[1]!.trim(), 'embedded resource name', context), field: parseField(m[2]!, context) };
}

/** `order=a.desc.nullslast,b,rel(c).asc` */
export function parseOrder(s: string): OrderTerm[] {
  return splitTopLevel(s).map((raw) => {
    const term = raw.trim();
    const parts = term.split('.');
    const modifiers: string[] = [];
    while (parts.length > 1 && ['asc', 'desc', 'nullsfirst', 'nullslast'].includes(parts[parts.length - 1]!)) modifiers.unshift(parts.pop()!);
    const out: OrderTerm = orderTarget(parts.join('.'), s);
    for (const m of modifiers) {
      if (m === 'asc' || m === 'desc') {
        if (out.dir) throw parseError(`Invalid order "${term.slice(0, 200)}"`);
        out.dir = m;
      } else {
        if (out.nulls) throw parseError(`Invalid order "${term.slice(0, 200)}"`);
        out.nulls = m === 'nullsfirst' ? 'first' : 'last';
      }
    }
    return out;
  });
}

function nonNegativeInt(s: string, what: string): number {
  if (!/^\d{1,15}$/.test(s.trim())) throw parseError(`Invalid ${what}: "${s.slice(0, 50)}"`, `${what} must be a non-negative integer`);
  return Number(s.trim());
}

const RESERVED_GLOBAL = new Set(['select', 'columns', 'on_conflict']);

/**
 * Parse all pairs. `argNames`, for GET /rpc, are function arguments: they land in `rest`.
 */
export function parseQuery(pairs: [string, string][], argNames: Set<string> = new Set()): ParsedQuery {
  const nodes = new Map<string, NodeOptions>();
  const node = (path: string) => {
    let n = nodes.get(path);
    if (!n) {
      n = { filters: [] };
      nodes.set(path, n);
    }
    return n;
  };
  node('');
  const parsed: ParsedQuery = { select: [{ kind: 'star' }], nodes, rest: [] };
  for (const [key, value] of pairs) {
    if (key === 'apikey') continue;
    if (argNames.has(key)) {
      parsed.rest.push([key, value]);
      continue;
    }
    if (RESERVED_GLOBAL.has(key)) {
      if (key === 'select') parsed.select = parseSelect(value);
      else if (key === 'columns') parsed.columns = splitTopLevel(value).map((c) => parseField(c, value).name);
      else parsed.onConflict = splitTopLevel(value).map((c) => parseField(c, value).name);
      continue;
    }
    const segments = key.split('.');
    let last = segments[segments.length - 1]!;
    let negateLogic = false;
    if (segments.length >= 2 && segments[segments.length - 2] === 'not' && (last === 'or' || last === 'and')) {
      negateLogic = true;
      segments.splice(segments.length - 2, 1);
    }
    last = segments[segments.length - 1]!;
    if (['order', 'limit', 'offset', 'or', 'and'].includes(last)) {
      const path = segments.slice(0, -1).join('.');
      const n = node(path);
      if (last === 'order') n.order = parseOrder(value);
      else if (last === 'limit') n.limit = nonNegativeInt(value, 'limit');
      else if (last === 'offset') n.offset = nonNegativeInt(value, 'offset');
      else n.filters.push(parseLogic(last as 'and' | 'or', negateLogic, value, `${key}=${value}`));
      continue;
    }
    // A filter: [embed.]*column[->json]
    const fieldText = segments.pop()!;
    const path = segments.join('.');
    const field = parseField(fieldText, key);
    node(path).filters.push(parseOperation(field, value, `${key}=${value}`));
  }
  checkQueryCost(parsed);
  return parsed;
}
