/**
 * Parsing of PostgREST query strings: the raw URL's pairs (`+` is a space), `select` trees,
 * `order` terms, filters (`col=[not.]op.value`) and logic trees (`or=(…)`, `and=(…)`), each
 * possibly scoped to an embedded resource (`profiles.username=eq.x`, `profiles.order=…`).
 * Anything malformed throws PGRST100 (HTTP 400). Nothing here touches SQL.
 */
import { LIMITS, bracketDepth } from '../http/limits';
import { checkQueryCost } from './cost';
import { parseError } from './errors';

export interface JsonPathStep {
  op: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  jsonPath: JsonPathStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string; aggregate?: 'count' }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; items: SelectItem[] };

export type Quantifier = 'any' | 'all';

export interface Condition {
  kind: 'cond';
  field: Field;
  negate: boolean;
  op: string;
  quantifier?: Quantifier;
  /** fts language, e.g. fts(english) */
  lang?: string;
  /** Raw value after the operator (in: the list items; is: the keyword). */
  value: string;
  list?: string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: (Condition | Logic)[];
}

export type Filter = Condition | Logic;

export interface OrderTerm {
  field: Field;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Options that apply to one node of the select tree ('' is the root; 'profiles' an embed). */
export interface NodeOptions {
  filters: Filter[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by the embed path joined with '.', '' for the root. */
  nodes: Map<string, NodeOptions>;
  columns?: string[];
  onConflict?: string[];
  /** Pairs that are not reserved words (rpc GET: function arguments or filters). */
  rest: [string, string][];
}

/** Split the raw query string into decoded pairs, keeping order and duplicates. */
export function queryPairs(rawUrl: string): [string, string][] {
  const q = rawUrl.indexOf('?');
  if (q < 0) return [];
  const out: [string, string][] = [];
  for (const part of rawUrl.slice(q + 1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    let pair: [string, string];
    try {
      pair = [decodeURIComponent(k.replace(/\+/g, ' ')), decodeURIComponent(v.replace(/\+/g, ' '))];
    } catch {
      throw parseError('Invalid percent-encoding in the query string', part.slice(0, 200));
    }
    // PostgreSQL text cannot hold NUL; refuse it here rather than let it reach the driver.
    if (pair[0].includes('\0') || pair[1].includes('\0')) throw parseError('NUL characters are not allowed in the query string');
    // Nesting reaches the database's recursive parsers (http/limits.ts).
    if (bracketDepth(pair[0]) > LIMITS.queryNesting || bracketDepth(pair[1]) > LIMITS.queryNesting) {
      throw parseError('The query string is nested too deeply', `More than ${LIMITS.queryNesting} levels of ( [ { in "${pair[0].slice(0, 100)}"`);
    }
    out.push(pair);
  }
  return out;
}

/** Split on `sep` at depth 0, outside double quotes. */
export function splitTopLevel(s: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) throw parseError(`Unexpected ")" in "${s.slice(0, 200)}"`);
    } else if (c === sep && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(`Unbalanced quotes or parentheses in "${s.slice(0, 200)}"`);
  parts.push(s.slice(start));
  return parts;
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

const NAME = /^[^\s.,:()!"'\\-][^\s.,:()!"\\]*$/u;

function checkName(name: string, what: string, context: string): string {
  if (!name || name.length > 63 || !NAME.test(name)) throw parseError(`Invalid ${what} "${name.slice(0, 100)}"`, `in "${context.slice(0, 200)}"`);
  return name;
}

/** `name`, `name->a->>b`, `"quoted name"`, `arr->0`. */
export function parseField(s: string, context = s): Field {
  const text = s.trim();
  const first = text.search(/->/);
  const head = first < 0 ? text : text.slice(0, first);
  const name = head.startsWith('"') ? unquote(head) : checkName(head, 'column name', context);
  if (!name) throw parseError('Empty column name', context);
  const jsonPath: JsonPathStep[] = [];
  let rest = first < 0 ? '' : text.slice(first);
  while (rest) {
    const m = /^(->>|->)("(?:[^"\\]|\\.)*"|[^-]+?)(?=->|$)/.exec(rest);
    if (!m) throw parseError(`Invalid JSON path in "${context.slice(0, 200)}"`);
    jsonPath.push({ op: m[1] as '->' | '->>', key: unquote(m[2]!) });
    rest = rest.slice(m[0].length);
    if (jsonPath.length > LIMITS.jsonPathSteps) throw parseError(`JSON path longer than ${LIMITS.jsonPathSteps} steps in "${context.slice(0, 200)}"`);
  }
  return { name, jsonPath };
}

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
  if (item.startsWith('...')) throw parseError('Spread embedding ("...") is not supported', item.slice(0, 200));
  let alias: string | undefined;
  let body = item;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:(!"]+):(?!:)/.exec(item);
  if (aliasMatch) {
    const a = aliasMatch[1]!;
    alias = a.startsWith('"') ? unquote(a) : checkName(a.trim(), 'alias', context);
    body = item.slice(aliasMatch[0].length).trim();
  }
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
    if (name === 'count' && inside.trim() === '' && !hint) return { kind: 'column', field: { name: 'count', jsonPath: [] }, alias, aggregate: 'count' };
    return { kind: 'embed', name, alias, hint, inner, items: parseSelect(inside, depth + 1) };
  }
  let cast: string | undefined;
  const castAt = body.lastIndexOf('::');
  if (castAt >= 0) {
    cast = body.slice(castAt + 2).trim();
    body = body.slice(0, castAt);
    if (!/^[a-z_][a-z0-9_]{0,62}(\[\])?$/i.test(cast)) throw parseError(`Invalid cast type "${cast.slice(0, 100)}"`, context.slice(0, 200));
  }
  return { kind: 'column', field: parseField(body, context), alias, cast };
}

/** `order=a.desc.nullslast,b` */
export function parseOrder(s: string): OrderTerm[] {
  return splitTopLevel(s).map((raw) => {
    const term = raw.trim();
    if (term.includes('(')) throw parseError(`Ordering by an embedded resource is not supported: "${term.slice(0, 200)}"`);
    const parts = term.split('.');
    const modifiers: string[] = [];
    while (parts.length > 1 && ['asc', 'desc', 'nullsfirst', 'nullslast'].includes(parts[parts.length - 1]!)) modifiers.unshift(parts.pop()!);
    const out: OrderTerm = { field: parseField(parts.join('.'), s) };
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

export const OPERATORS = new Set([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
]);
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

/** The value side of a filter: `[not.]op[(mod)].value`. */
export function parseOperation(field: Field, s: string, context: string): Condition {
  let rest = s;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError(`"failed to parse filter (${context.slice(0, 200)})"`, 'Expected an operator and a value, e.g. eq.1');
  const opText = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  // The modifier is any/all or an fts language *name*: a number would be read as a regconfig OID
  // ("cache lookup failed for text search configuration 0", XX000, a 500).
  const m = /^([a-z]+)(?:\(([a-z_][a-z_0-9]*)\))?$/.exec(opText);
  if (!m || !m[1] || !OPERATORS.has(m[1])) throw parseError(`"failed to parse filter (${context.slice(0, 200)})"`, `Unknown operator "${opText.slice(0, 50)}"`);
  const op = m[1]!;
  const cond: Condition = { kind: 'cond', field, negate, op, value };
  if (m[2] !== undefined) {
    if (['fts', 'plfts', 'phfts', 'wfts'].includes(op)) cond.lang = m[2];
    else if ((m[2] === 'any' || m[2] === 'all') && QUANTIFIABLE.has(op)) cond.quantifier = m[2];
    else throw parseError(`"failed to parse filter (${context.slice(0, 200)})"`, `Invalid modifier "${m[2]}"`);
  }
  if ((op === 'match' || op === 'imatch') && value.length > LIMITS.patternLength) {
    throw parseError(`"failed to parse filter (${context.slice(0, 200)})"`, `A regular expression may have at most ${LIMITS.patternLength} characters`);
  }
  if (op === 'in') cond.list = parseList(value, '(', ')', context);
  else if (cond.quantifier) cond.list = parseList(value, '{', '}', context);
  else if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw parseError(`"failed to parse filter (${context.slice(0, 200)})"`, 'is accepts null, not_null, true, false or unknown');
  }
  return cond;
}

function parseList(value: string, open: string, close: string, context: string): string[] {
  const v = value.trim();
  if (!v.startsWith(open) || !v.endsWith(close)) throw parseError(`"failed to parse filter (${context.slice(0, 200)})"`, `Expected a list in ${open}${close}`);
  const inner = v.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((x) => unquote(x.trim()));
}

/** `(a.eq.1,b.gt.2,and(c.eq.3,d.is.null))` */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string, context: string): Logic {
  const v = value.trim();
  if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`"failed to parse logic tree (${context.slice(0, 200)})"`, 'Expected (…)');
  const children = splitTopLevel(v.slice(1, -1)).map((raw): Filter => {
    const item = raw.trim();
    const lm = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (lm) return parseLogic(lm[2] as 'and' | 'or', !!lm[1], lm[3]!, context);
    // field.[not.]op.value — the field ends at the first dot outside quotes.
    let fieldEnd = -1;
    if (item.startsWith('"')) {
      const close = item.indexOf('"', 1);
      fieldEnd = close < 0 ? -1 : item.indexOf('.', close);
    } else fieldEnd = item.indexOf('.');
    if (fieldEnd <= 0) throw parseError(`"failed to parse logic tree (${context.slice(0, 200)})"`);
    const field = parseField(item.slice(0, fieldEnd), context);
    const cond = parseOperation(field, item.slice(fieldEnd + 1), context);
    if (!cond.list && cond.value.startsWith('"') && cond.value.endsWith('"') && cond.value.length >= 2) cond.value = unquote(cond.value);
    return cond;
  });
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${context.slice(0, 200)})"`);
  return { kind: 'logic', op, negate, children };
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
