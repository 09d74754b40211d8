/**
 * The lexical pieces of PostgREST query strings: the raw URL's pairs (`+` is a space), splitting
 * on commas outside parentheses and quotes, quoted and checked names, fields with JSON paths
 * (`col->a->>b`). Anything malformed throws PGRST100 (HTTP 400). Nothing here touches SQL.
 */
import { LIMITS, bracketDepth } from '../http/limits';
import { parseError } from './errors';

export interface JsonPathStep {
  op: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  jsonPath: JsonPathStep[];
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

export function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

const NAME = /^[^\s.,:()!"'\\-][^\s.,:()!"\\]*$/u;

export function checkName(name: string, what: string, context: string): string {
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
