/**
 * The settings a request's transaction carries, as PostgREST and Supabase Storage set them, local
 * to the transaction (`set_config(…, true)`): the role row-level security applies to, the verified
 * claims (`auth.uid()`, `auth.jwt()`), and the request itself for policies and functions that read
 * it — `current_setting('request.headers', true)::json ->> 'user-agent'`, `request.method`,
 * `request.path`, `request.cookies`, and the search path (so `uuid_generate_v4()` resolves in
 * `extensions`, as on hosted Supabase). /rest/v1 and /storage/v1 both enter their transactions here,
 * so a policy sees the same settings whichever API the caller came through.
 *
 * @example
 *   await db.transaction(async (tx) => { await enterScope(tx, scopeOf(request, caller, '/gigs')); … });
 */
import type { Tx } from './types';

export interface Scope {
  role: string;
  claims: Record<string, unknown>;
  method: string;
  /** The path as the API's own server sees it (PostgREST: `/gigs`; Storage: `/object/avatars/a.png`). */
  path: string;
  /** Request headers, names lower-case. */
  headers: Record<string, string>;
  /** More transaction-local settings (Storage: `storage.operation`, `request.jwt.claim.sub`). */
  settings?: Record<string, string>;
  /** PostgreSQL only: statement_timeout for the transaction (PGlite has none). */
  statementTimeoutMs?: number;
  /**
   * Schemas searched for unqualified names, first the request's (PostgREST: the profile's schema,
   * then its db-extra-search-path, which hosted Supabase sets to `public, extensions`).
   */
  searchPath?: string[];
}

/** The search path of a request on `schema`: it, then public and extensions (hosted Supabase's). */
export function searchPathFor(schema: string): string[] {
  return [...new Set([schema, 'public', 'extensions'])];
}

/** Headers as one JSON object: repeated headers joined with ", " (as HTTP folds them). */
export function headersObject(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The Cookie header as an object (PostgREST's request.cookies); a malformed pair is skipped. */
export function cookiesObject(cookie: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (name) out[name] = pair.slice(at + 1).trim();
  }
  return out;
}

/** The scope as (name, value) settings, each to be set local to the transaction. */
export function scopeSettings(scope: Scope): [string, string][] {
  const settings: [string, string][] = [
    ['role', scope.role],
    ['request.jwt.claims', JSON.stringify(scope.claims)],
    ['request.method', scope.method],
    ['request.path', scope.path],
    ['request.headers', JSON.stringify(scope.headers)],
    ['request.cookies', JSON.stringify(cookiesObject(scope.headers.cookie))],
    ...Object.entries(scope.settings ?? {}),
  ];
  if (scope.statementTimeoutMs !== undefined) settings.push(['statement_timeout', String(scope.statementTimeoutMs)]);
  if (scope.searchPath) settings.push(['search_path', scope.searchPath.map((s) => `"${s.replace(/"/g, '""')}"`).join(', ')]);
  return settings;
}

/** Set the scope's settings, local to the current transaction, in one statement. */
export async function enterScope(tx: Tx, scope: Scope): Promise<void> {
  const settings = scopeSettings(scope);
  const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ');
  await tx.query(`select ${calls}`, settings.flat());
}
