/**
 * The one error body of everything outside the two protocol areas — /auth/v1 answers in GoTrue's
 * shape and /rest/v1 in PostgREST's, each from its own handler; unknown paths, /health, the
 * development mailbox and the realtime path asked without a WebSocket upgrade answer
 *
 *   { "code": "not_found", "message": "Not found", "request_id": "…" }
 *
 * `code` is a stable snake_case word (never renamed): not_found, bad_request, unauthorized,
 * forbidden, payload_too_large, unsupported_media_type, too_many_requests, request_error (any
 * other 4xx), internal_error (any 5xx, whose cause is logged with the request id and never sent).
 * Documented in ARCHITECTURE.md ("Error bodies").
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export interface PlatformErrorBody {
  code: string;
  message: string;
  request_id: string;
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * An error of a platform endpoint (outside /auth/v1 and /rest/v1), built whole: its status picks
 * the code of the catalogue above; `headers` go out with it (Retry-After).
 * @example throw new PlatformError(429, 'Too many reports from this address', { 'Retry-After': '30' });
 */
export class PlatformError extends ApiError {
  constructor(
    readonly status: number,
    message: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
  get statusCode(): number {
    return this.status;
  }
  body() {
    return { code: CODES[this.status] ?? 'request_error', message: this.message };
  }
  override headers(): Record<string, string> {
    return this.extraHeaders;
  }
}

/** Answer with the platform body (routes outside the areas that refuse on their own, e.g. /metrics). */
export function sendPlatformError(reply: FastifyReply, status: number, code: string, message: string, request: FastifyRequest): FastifyReply {
  const body: PlatformErrorBody = { code, message, request_id: request.id };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** setNotFoundHandler of the root: a path no area serves. */
export function platformNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendPlatformError(reply, 404, 'not_found', 'Not found', request);
}

/** setErrorHandler of the root: an error thrown outside the areas' own handlers. */
export function platformErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error instanceof ApiError ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
  if (status >= 500 || status < 400) {
    request.log.error({ err: error }, 'unhandled error');
    return sendPlatformError(reply, 500, 'internal_error', 'Internal server error', request);
  }
  if (error instanceof ApiError) reply.headers(error.headers());
  return sendPlatformError(reply, status, CODES[status] ?? 'request_error', (error as Error).message, request);
}
