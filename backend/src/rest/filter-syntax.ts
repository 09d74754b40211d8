/**
 * Filters of PostgREST query strings: `[not.]op[(modifier)].value` and logic trees
 * (`(a.eq.1,or(b.gt.2,c.is.null))`). Anything malformed throws PGRST100 (HTTP 400).
 */
import { LIMITS } from '../http/limits';
import { parseError } from './errors';
import { parseField, splitTopLevel, unquote, type Field } from './query-syntax';

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
