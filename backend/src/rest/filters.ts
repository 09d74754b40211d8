/**
 * Compiles parsed filters to SQL conditions over one table alias. Columns are checked against the
 * schema cache and quoted; values are literals cast to the column's catalog type, so a bad
 * value is a database error (22P02 → 400), never SQL.
 */
import { parseError } from './errors';
import { compileField } from './fields';
import type { Condition, Filter } from './query-string';
import type { Table } from './schema-cache';
import { arrayLiteral, value as lit } from './sql';

const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const RANGE: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&>', nxr: '&<', adj: '-|-' };
const FTS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const TEXTUAL = new Set(['text', 'character varying', 'character', 'citext', 'name']);

function likePattern(v: string): string {
  return v.replace(/\*/g, '%');
}

/**
 * `exists (…)` for an embed of the filtered node named `name` (its alias or relation), or
 * undefined when no embed has that name: PostgREST reads `rel=is.null` / `rel=not.is.null` as
 * "has no / has an embedded row" (its filters included), also inside `or`/`and` trees.
 */
export type EmbedExists = (name: string) => string | undefined;

function nullEmbed(cond: Condition, embedExists: EmbedExists | undefined): string | undefined {
  if (!embedExists || cond.op !== 'is' || cond.field.jsonPath.length) return undefined;
  const v = cond.value.toLowerCase();
  if (v !== 'null' && v !== 'not_null') return undefined;
  const exists = embedExists(cond.field.name);
  if (exists === undefined) return undefined;
  return (v === 'null') !== cond.negate ? `not ${exists}` : exists;
}

function compileCondition(table: Table, alias: string, cond: Condition, embedExists?: EmbedExists): string {
  const onEmbed = nullEmbed(cond, embedExists);
  if (onEmbed !== undefined) return onEmbed;
  const f = compileField(table, alias, cond.field);
  const typed = (v: string) => `${lit(v)}::${f.type}`;
  let sql: string;
  const op = cond.op;
  if (op in COMPARE) {
    const isText = op === 'like' || op === 'ilike' || op === 'match' || op === 'imatch';
    const lhs = isText && !TEXTUAL.has(f.type) ? `${f.sql}::text` : f.sql;
    const value = (v: string) => (isText ? lit(op === 'like' || op === 'ilike' ? likePattern(v) : v) : typed(v));
    if (cond.quantifier) {
      const items = cond.list ?? [];
      const arr = isText
        ? `${lit(arrayLiteral(items.map((v) => (op === 'like' || op === 'ilike' ? likePattern(v) : v))))}::text[]`
        : `${lit(arrayLiteral(items))}::${f.type}[]`;
      sql = `${lhs} ${COMPARE[op]} ${cond.quantifier}(${arr})`;
    } else {
      sql = `${lhs} ${COMPARE[op]} ${value(cond.value)}`;
    }
  } else if (op === 'is') {
    const v = cond.value.toLowerCase();
    sql = `${f.sql} is ${v === 'not_null' ? 'not null' : v}`;
  } else if (op === 'isdistinct') {
    sql = `${f.sql} is distinct from ${typed(cond.value)}`;
  } else if (op === 'in') {
    const items = cond.list ?? [];
    if (f.isArray && items.length) throw parseError(`"in" on array column "${cond.field.name}" is not supported; use cs/cd/ov`);
    // An empty list too is `= any('{}')`, as PostgREST writes it: not.in.() keeps PostgREST's null semantics.
    sql = `${f.sql} = any(${lit(arrayLiteral(items))}::${f.isArray ? f.type : `${f.type}[]`})`;
  } else if (op in RANGE) {
    let v = cond.value;
    // ov also accepts a (a,b) list, as PostgREST does for arrays.
    if (f.isArray && v.startsWith('(') && v.endsWith(')')) v = `{${v.slice(1, -1)}}`;
    sql = `${f.sql} ${RANGE[op]} ${typed(v)}`;
  } else if (op in FTS) {
    const lang = cond.lang ? `${lit(cond.lang)}::regconfig, ` : '';
    const vector = f.type === 'tsvector' ? f.sql : `to_tsvector(${lang}${f.sql}::text)`;
    sql = `${vector} @@ ${FTS[op]}(${lang}${lit(cond.value)})`;
  } else {
    throw parseError(`Unknown operator "${op}"`);
  }
  return cond.negate ? `not (${sql})` : sql;
}

/** One filter (condition or logic tree) as SQL. */
export function compileFilter(table: Table, alias: string, filter: Filter, embedExists?: EmbedExists): string {
  if (filter.kind === 'cond') return compileCondition(table, alias, filter, embedExists);
  const parts = filter.children.map((c) => compileFilter(table, alias, c, embedExists));
  const sql = `(${parts.join(filter.op === 'and' ? ' and ' : ' or ')})`;
  return filter.negate ? `not ${sql}` : sql;
}

export function compileFilters(table: Table, alias: string, filters: Filter[], embedExists?: EmbedExists): string[] {
  return filters.map((f) => compileFilter(table, alias, f, embedExists));
}
