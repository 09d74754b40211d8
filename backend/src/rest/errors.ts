/**
 * PostgREST's error catalogue and its SQLSTATE → HTTP status mapping, in one place: every PGRST
 * code this layer answers, with its status, is constructed here (whole, with its headers).
 * Codes are stable: never renamed or reused (PostgREST docs/references/errors.rst).
 */
import { RestApiError } from '../http/errors';
import { isPgError, type PgLikeError } from '../db/pg-error';
import { fromPgrstRaise, fromPtRaise, ptStatus } from './raise';
import type { RoutineDef } from './schema-cache';

export { RestApiError };

// ── PGRST0xx: the server itself ──────────────────────────────────────────────────────────────

/** PGRST000: anything unexpected (the cause is logged, never sent). */
export const internalError = () => new RestApiError(500, 'PGRST000', 'Internal server error');

// ── PGRST1xx: the request ────────────────────────────────────────────────────────────────────

/** PGRST100: the query string does not parse. */
export const parseError = (message: string, details: string | null = null) => new RestApiError(400, 'PGRST100', message, { details });

/** PGRST102: the body is not valid JSON, or not the expected shape. */
export const bodyError = (message = 'Empty or invalid json', details: string | null = null) => new RestApiError(400, 'PGRST102', message, { details });

/** PGRST102 with 413: the body is over the server's limit. */
export const bodyTooLarge = () => new RestApiError(413, 'PGRST102', 'Request body too large');

/** PGRST103: the Range header or the offset is past the rows (with the Content-Range to send). */
export const rangeNotSatisfiable = (details: string, contentRange?: string) =>
  new RestApiError(416, 'PGRST103', 'Requested range not satisfiable', { details, headers: contentRange ? { 'Content-Range': contentRange } : {} });

export const schemaNotExposed = (schema: string, exposed: string[]) =>
  new RestApiError(406, 'PGRST106', 'Invalid schema: ' + schema, { hint: `Only the following schemas are exposed: ${exposed.join(', ')}` });

/** PGRST107: the Accept header names no media type served here. */
export const notAcceptable = (accept: string) => new RestApiError(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 200)}`);

/** PGRST108: a filter, order or page names an embed the select does not have. */
export const notEmbedded = (path: string) =>
  new RestApiError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, { hint: `Verify that '${path}' is included in the 'select' query parameter.` });

export const singularityError = (count: number) =>
  new RestApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', { details: `The result contains ${count} rows` });

/** PGRST122: Prefer: handling=strict with preferences that are unknown or cannot be honoured. */
export const invalidPreferences = (invalid: string[]) =>
  new RestApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', { details: `Invalid preferences: ${invalid.join(', ').slice(0, 300)}` });

/** PGRST124: Prefer: handling=strict, max-affected=N and the statement affected more rows. */
export const maxAffectedExceeded = (n: number) =>
  new RestApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', { details: `The query affects ${n} rows` });

/** PGRST128: max-affected with handling=strict on a function that does not return rows. */
export const maxAffectedNeedsRows = () =>
  new RestApiError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');

/** PGRST117: a method /rest/v1 does not serve. */
export const unsupportedMethod = (method: string) => new RestApiError(405, 'PGRST117', `Unsupported HTTP method: ${method.slice(0, 20)}`);

/** PGRST125: a path that is neither a table nor /rpc/{fn}. */
export const invalidPath = () => new RestApiError(404, 'PGRST125', 'Invalid path specified in request URL');

/*
 * Bounded work per request (cost.ts, regex-cost.ts). Our own codes, outside PostgREST's ranges;
 * all 400: the request itself is too costly, sending it again will not help.
 */

/** PGRST190: a regular expression (match, imatch) that could run for long, or too many of them. */
export const regexCostError = (details: string) =>
  new RestApiError(400, 'PGRST190', 'Regular expression too costly', { details, hint: 'Use a simpler pattern: no back-references, fewer nested or bounded repeats ({m,n}).' });

/** PGRST191: embedded resources that multiply the work (too many, too deep, or going round a cycle). */
export const embedCostError = (details: string) =>
  new RestApiError(400, 'PGRST191', 'Embedding too costly', { details, hint: 'Embed fewer resources, or fetch the deeper level with a second request.' });

/** PGRST192: too many filters, select items or order terms in one request. */
export const breadthError = (details: string) => new RestApiError(400, 'PGRST192', 'Request too broad', { details });

/** PGRST193: a like/ilike pattern or a full-text query beyond its bounds. */
export const patternCostError = (details: string) => new RestApiError(400, 'PGRST193', 'Pattern too costly', { details });

// ── PGRST2xx: the schema cache (embeds: embed-errors.ts) ──────────────────────────────────────

/**
 * PGRST202: no function of that name takes these arguments, worded as PostgREST words it for the
 * body the call sent (`body`: the rpc input's kind; 'query' for GET): argument names sorted, the
 * schema searched (the request's profile).
 */
export function functionNotFound(schema: string, name: string, keys: string[], body: 'named' | 'json' | 'text' | 'xml' | 'bytea' | 'query', hint: string | null = null): RestApiError {
  const func = `${schema}.${name}`;
  const prms = [...keys].sort().join(', ');
  const raw = body === 'text' || body === 'xml' || body === 'bytea';
  const params = (p: string) => (keys.length ? p : ' without parameters');
  const searched = raw
    ? ` with a single unnamed ${body} parameter`
    : params(` with parameter${keys.length > 1 ? 's' : ''} ${prms}`) + (body === 'query' ? '' : ' or with a single unnamed json/jsonb parameter');
  return new RestApiError(404, 'PGRST202', `Could not find the function ${func}${raw ? '' : params(`(${prms})`)} in the schema cache`, {
    details: `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint,
  });
}

/** PGRST203: several overloads fit; candidates in PostgREST's order (call-plan.ts), written as PostgREST writes them. */
export const ambiguousFunction = (schema: string, fits: RoutineDef[]) =>
  new RestApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${fits
    .map((f) => `${schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
    .join(', ')}`, {
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  });

export const columnNotFound = (table: string, column: string) =>
  new RestApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const tableNotFound = (schema: string, table: string) => new RestApiError(404, 'PGRST205', `Could not find the table '${schema}.${table}' in the schema cache`);

/**
 * Codes that may only mean the cache is older than the schema (a table, function, column or
 * foreign key created since it was loaded): routes.ts reloads it once and plans again.
 */
export const STALE_CACHE_CODES = new Set(['42703', 'PGRST200', 'PGRST202', 'PGRST204', 'PGRST205']);

// ── PGRST3xx: who is calling ─────────────────────────────────────────────────────────────────

export const noApiKey = () => new RestApiError(401, 'PGRST301', 'No API key found in request', { hint: 'No `apikey` request header or url param was found.' });

export const invalidApiKey = () => new RestApiError(401, 'PGRST301', 'Invalid API key', { hint: 'Double check your Supabase `anon` or `service_role` API key.' });

/** PGRST301 (does not decode or verify) or PGRST303 (claims that do not hold), with the Bearer challenge. */
const jwtError = (code: 'PGRST301' | 'PGRST303', message: string, description: string) =>
  new RestApiError(401, code, message, { headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` } });
export const jwtInvalid = (message: string, description: string) => jwtError('PGRST301', message, description);
export const jwtClaimsInvalid = (message: string, description: string) => jwtError('PGRST303', message, description);

// ── SQLSTATEs ────────────────────────────────────────────────────────────────────────────────

export const undefinedColumn = (table: string, column: string) => new RestApiError(400, '42703', `column ${table}.${column} does not exist`);

/**
 * 57014 (query_canceled): the statement ran past DB_STATEMENT_TIMEOUT_MS. PostgREST answers 500;
 * here a request never gets a 5xx for its own shape, so it is a 400 with the SQLSTATE as code
 * (what supabase-js users already test for).
 */
export const statementTimeout = (ms: number) =>
  new RestApiError(400, '57014', 'Query took too long and was canceled', {
    details: `The request's statements may run at most ${ms} ms (DB_STATEMENT_TIMEOUT_MS).`,
    hint: 'Narrow the request: fewer rows, embeds or costly filters.',
  });

const statusByPrefix: [string, number][] = [
  ['08', 503], ['09', 500], ['0L', 403], ['0P', 403], ['23503', 409], ['23505', 409], ['25006', 405], ['25', 500],
  ['28', 403], ['2D', 500], ['38', 500], ['39', 500], ['3B', 500], ['40', 500], ['53400', 500], ['53', 503], ['54', 500],
  ['55', 500], ['57P01', 503], ['57', 500], ['58', 500], ['F0', 500], ['HV', 500], ['P0001', 400], ['P0', 500], ['XX', 500],
  ['42883', 404], ['42P01', 404], ['42P17', 500],
];

/**
 * PostgREST's status for an SQLSTATE (its mapSQLtoHTTP); 42501 depends on whether the caller is
 * signed in; `PTxyz` is the status xyz (raise.ts).
 */
export function statusForSqlState(code: string, role: string, message = ''): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code.startsWith('PT')) return ptStatus(code);
  // pg-safeupdate's "DELETE requires a WHERE clause" is the client's doing; other cardinality violations are not.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  // A role named in the token that does not exist.
  if (code === '22023' && message.startsWith('role') && message.endsWith('does not exist')) return 401;
  if (code === '42883' && message.startsWith('function xmlagg(')) return 406;
  for (const [prefix, status] of statusByPrefix) if (code.startsWith(prefix)) return status;
  return 400;
}

// One test of "the database raised this" for every API (db/pg-error.ts).
export { isPgError };

/**
 * A database error as PostgREST answers it: the SQLSTATE as code, its message, detail and hint —
 * or, for `raise sqlstate 'PTxyz'` and `raise sqlstate 'PGRST'`, the answer the SQL chose (raise.ts).
 */
export function fromPgError(error: PgLikeError & { code: string }, role: string): RestApiError {
  if (error.code === 'PGRST') return fromPgrstRaise(error);
  if (error.code.startsWith('PT')) return fromPtRaise(error);
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return new RestApiError(statusForSqlState(error.code, role, str(error.message) ?? ''), error.code, str(error.message) ?? 'Database error', { details: str(error.detail), hint: str(error.hint) });
}
