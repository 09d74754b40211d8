/**
 * PostgREST's error catalogue and its SQLSTATE → HTTP status mapping, in one place.
 * Codes are stable: never renamed or reused (PostgREST docs/references/errors.rst).
 */
import { RestApiError } from '../http/errors';

export { RestApiError };

/** PGRST100: the query string does not parse. */
export const parseError = (message: string, details: string | null = null) =>
  new RestApiError(400, 'PGRST100', message, details);

/** PGRST102: the body is not valid JSON, or not the expected shape. */
export const bodyError = (message = 'Empty or invalid json', details: string | null = null) =>
  new RestApiError(400, 'PGRST102', message, details);

/*
 * Bounded work per request (cost.ts, regex-cost.ts). Our own codes, outside PostgREST's ranges;
 * all 400: the request itself is too costly, sending it again will not help.
 */

/** PGRST190: a regular expression (match, imatch) that could run for long, or too many of them. */
export const regexCostError = (details: string) =>
  new RestApiError(400, 'PGRST190', 'Regular expression too costly', details, 'Use a simpler pattern: no back-references, fewer nested or bounded repeats ({m,n}).');

/** PGRST191: embedded resources that multiply the work (too many, too deep, or going round a cycle). */
export const embedCostError = (details: string) =>
  new RestApiError(400, 'PGRST191', 'Embedding too costly', details, 'Embed fewer resources, or fetch the deeper level with a second request.');

/** PGRST192: too many filters, select items or order terms in one request. */
export const breadthError = (details: string) => new RestApiError(400, 'PGRST192', 'Request too broad', details, null);

/** PGRST193: a like/ilike pattern or a full-text query beyond its bounds. */
export const patternCostError = (details: string) => new RestApiError(400, 'PGRST193', 'Pattern too costly', details, null);

/**
 * 57014 (query_canceled): the statement ran past DB_STATEMENT_TIMEOUT_MS. PostgREST answers 500;
 * here a request never gets a 5xx for its own shape, so it is a 400 with the SQLSTATE as code
 * (what supabase-js users already test for).
 */
export const statementTimeout = (ms: number) =>
  new RestApiError(400, '57014', 'Query took too long and was canceled', `The request's statements may run at most ${ms} ms (DB_STATEMENT_TIMEOUT_MS).`, 'Narrow the request: fewer rows, embeds or costly filters.');

export const schemaNotExposed = (schema: string) =>
  new RestApiError(406, 'PGRST106', 'Invalid schema: ' + schema, null, 'Only the following schemas are exposed: public');

export const tableNotFound = (table: string) =>
  new RestApiError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

export const columnNotFound = (table: string, column: string) =>
  new RestApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const undefinedColumn = (table: string, column: string) =>
  new RestApiError(400, '42703', `column ${table}.${column} does not exist`);

export const singularityError = (count: number) =>
  new RestApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${count} rows`);

const statusByPrefix: [string, number][] = [
  ['08', 503], ['09', 500], ['0L', 403], ['0P', 403], ['25006', 405], ['25', 500], ['28', 403], ['2D', 500],
  ['38', 500], ['39', 500], ['3B', 500], ['40', 500], ['53', 503], ['54', 500], ['55', 500], ['57', 500],
  ['58', 500], ['F0', 500], ['HV', 500], ['P0001', 400], ['P0', 500], ['XX', 500], ['42883', 404],
  ['42P01', 404], ['42P17', 500], ['23503', 409], ['23505', 409],
];

/** PostgREST's status for an SQLSTATE; 42501 depends on whether the caller is signed in. */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  for (const [prefix, status] of statusByPrefix) if (code.startsWith(prefix)) return status;
  return 400;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

export function isPgError(error: unknown): error is PgLikeError & { code: string } {
  if (!error || typeof error !== 'object') return false;
  const code = (error as PgLikeError).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** A database error as PostgREST answers it: the SQLSTATE as code, its message, detail and hint. */
export function fromPgError(error: PgLikeError & { code: string }, role: string): RestApiError {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return new RestApiError(statusForSqlState(error.code, role), error.code, str(error.message) ?? 'Database error', str(error.detail), str(error.hint));
}
