/**
 * Limits on the shape of client input, enforced before anything reaches the database.
 *
 * Why: PostgreSQL parses JSON, regular expressions and SQL recursively. Native PostgreSQL stops a
 * recursion that goes too deep with 54001 (a 500 in PostgREST's mapping). PGlite (PostgreSQL in
 * WebAssembly) has no working stack guard for several of these paths: a JSON body nested 20 000
 * deep, a 16 kB regular expression, an embed nested 128 deep or a JSON path of 1 000 steps
 * overflowed its stack and answered `XX000 bad buffer ID: 0` or `26000 unnamed prepared statement
 * does not exist`, and a deeply nested tsquery left the database hanging for good
 * (test/security/access.test.ts, "input limits"). Each limit is far above what a real client sends
 * and far below where PGlite broke.
 *
 * @example if (jsonDepth(body) > LIMITS.bodyNesting) throw bodyError('JSON nested too deeply');
 */
export const LIMITS = {
  /** Nesting of ( [ { in one query-string key or value: logic trees, lists, JSON values, regex groups. */
  queryNesting: 64,
  /** Embedded resources inside embedded resources: select=a(b(c(…))). */
  embedDepth: 8,
  /** Embedded resources in one request, at every level. */
  embeds: 16,
  /** Times one embed path may return to a table already on it (gigs → profiles → gigs is one). */
  embedRevisits: 1,
  /** One-to-many embeds nested on one path (each multiplies the rows by its fan-out). */
  embedToMany: 2,
  /** Filter conditions in one request, or/and trees and embed filters included. */
  filters: 100,
  /** Items of select in one request, embedded ones included. */
  selectItems: 100,
  /** Order terms in one request, embedded ones included. */
  orderTerms: 16,
  /** Regular expressions (match, imatch; each any/all item counts) in one request. */
  regexFilters: 4,
  /** like/ilike patterns (each any/all item counts) in one request. */
  likeFilters: 16,
  /** Characters and wildcards (* % _) of one like/ilike pattern. */
  likePatternLength: 512,
  likeWildcards: 32,
  /** Characters of one full-text query, and the longest run of ! (or -) in it: to_tsquery's operator stack holds 32. */
  ftsQueryLength: 512,
  ftsOperatorRun: 16,
  /** Steps of one JSON path: col->a->b->>c. */
  jsonPathSteps: 32,
  /**
   * Characters of one regular expression (match, imatch). Compiling one costs time growing fast
   * with its length, and PGlite has no statement_timeout: on it 1 000 characters of `a?` took
   * 0.7 s, the worst of 256 characters measured ~75 ms.
   */
  patternLength: 256,
  /** Nesting of arrays and objects in a JSON body (/rest/v1 and /auth/v1). */
  bodyNesting: 256,
} as const;

/** The deepest nesting of brackets ( [ { in `text`; ) ] } close any of them. Quotes are not special. */
export function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return max;
}

/** The deepest nesting of arrays and objects in a JSON text; brackets inside strings do not count. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return max;
}
