/**
 * Typed API errors. Handlers throw; each area's error handler maps them to the wire exactly once:
 * /auth/v1 in GoTrue's shape ({code, error_code, msg, message}), /rest/v1 in PostgREST's
 * ({code, details, hint, message}). A 5xx never sends its cause; it is logged with the request id.
 */

export abstract class ApiError extends Error {
  abstract readonly status: number;
  /** The JSON body as the area's clients expect it. */
  abstract body(): Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  headers(): Record<string, string> {
    return {};
  }
}

/**
 * GoTrue-compatible error. `code` is a stable snake_case error code: never renamed or reused.
 * `cause` (the failure behind a 5xx) is never sent; the auth error handler logs it with the
 * request id.
 */
export class AuthApiError extends ApiError {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AuthApiError';
  }
  body() {
    // Do not rename: supabase-js reads error_code (and code for older API versions) and msg.
    return { code: this.status, error_code: this.errorCode, msg: this.message, message: this.message, ...this.extra };
  }
}

/** What a PostgREST error carries besides status, code and message. */
/** PostgREST's `details`: text, or (PGRST201) a list describing each candidate relationship. */
export type RestErrorDetails = string | Record<string, string>[] | null;

export interface RestErrorExtra {
  details?: RestErrorDetails;
  hint?: string | null;
  /** Response headers that belong to this error (WWW-Authenticate, Content-Range). */
  headers?: Record<string, string>;
  /** The reason phrase of the status line, when not the standard one (a PT or PGRST raise). */
  statusText?: string;
  /** Chosen by the database on purpose (rest/raise.ts): sent as raised, even with a 5xx status. */
  raised?: boolean;
}

/**
 * PostgREST-compatible error: `code` is a PGRSTxxx code or an SQLSTATE. Constructed whole, with
 * its headers; the catalogue of codes is rest/errors.ts.
 */
export class RestApiError extends ApiError {
  readonly details: RestErrorDetails;
  readonly hint: string | null;
  readonly statusText: string | undefined;
  readonly raised: boolean;
  private readonly extraHeaders: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    extra: RestErrorExtra = {},
  ) {
    super(message);
    this.name = 'RestApiError';
    this.details = extra.details ?? null;
    this.hint = extra.hint ?? null;
    this.extraHeaders = extra.headers ?? {};
    this.statusText = extra.statusText;
    this.raised = extra.raised ?? false;
  }
  override headers() {
    return this.extraHeaders;
  }
  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/**
 * Supabase Storage-compatible error: body `{statusCode, code, error, message}` where `statusCode`
 * is the meaning as a string ("404", "403", "413") and `code` a stable word (`NoSuchKey`,
 * `AccessDenied`, `EntityTooLarge`…; storage-js reads `code`, e.g. `exists()` looks for
 * NoSuchKey). Like Supabase Storage, the HTTP status of a client error is 400 whatever the
 * meaning (its `userStatusCode`), unless `httpStatus` says otherwise; a server error is 500.
 * The catalogue is storage/errors.ts.
 */
export class StorageApiError extends ApiError {
  readonly status: number;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
    httpStatus?: number,
  ) {
    super(message);
    this.name = 'StorageApiError';
    this.status = httpStatus ?? (statusCode >= 500 ? 500 : 400);
  }
  body() {
    // Do not rename: storage-js reads statusCode, code, error and message.
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}
