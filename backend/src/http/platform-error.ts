/**
 * The one error body of everything outside the two protocol areas — /auth/v1 answers in GoTrue's
 * shape and /rest/v1 in PostgREST's, each from its own handler; unknown paths, /health, the
 * development mailbox and the realtime path asked without a WebSocket upgrade answer
 *
 *   { "code": "not_found", "message": "Not found", "request_id": "…" }
 *
 * `code` is a stable snake_case word (never renamed): not_found, bad_request, payload_too_large,
 * unsupported_media_type, unauthorized (/metrics without its token), request_error (any other 4xx), internal_error (any 5xx, whose cause is
 * logged with the request id and never sent). Documented in ARCHITECTURE.md ("Error bodies").
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export interface PlatformErrorBody {
  code: string;
  message: string;
  request_id: string;
}

const CODES: Record<number, string> = { 400: 'bad_request', 404: 'not_found', 413: 'payload_too_large', 415: 'unsupported_media_type' };

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
