/** What a database error looks like from either driver (pg's DatabaseError, PGlite's error). */
export interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** An error the database raised, with its SQLSTATE as `code`. */
export function isPgError(error: unknown): error is PgLikeError & { code: string } {
  if (!error || typeof error !== 'object') return false;
  const code = (error as PgLikeError).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
