/**
 * The response side of /rest/v1: a planned result onto the wire, and every error onto the wire in
 * PostgREST's shape ({code, details, hint, message}) — exactly once, in the area's error handler.
 * A 5xx body carries no internals (a database message may name memory contexts, files or
 * statements): its code, a generic message and the request id; the whole error goes to the log.
 * An error the SQL raised on purpose (raise.ts: PTxyz, PGRST) is sent as raised, whatever its status.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestAborted } from '../db/types';
import { RestApiError, bodyError, bodyTooLarge, fromPgError, internalError, isPgError } from './errors';

export type MediaType = 'json' | 'object';

export interface RestResult {
  status: number;
  /** A Buffer only for a function's raw bytea value (application/octet-stream). */
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** `contentType`: the negotiated media type (media.ts); a scalar function's JSON value is JSON whatever was asked. */
export function send(reply: FastifyReply, result: RestResult, contentType = 'application/json; charset=utf-8'): FastifyReply {
  reply.status(result.status);
  timingHeader(reply);
  if (result.headers) reply.headers(result.headers);
  if (result.body === undefined) return reply.send();
  reply.header('content-type', contentType);
  // reply.compress (@fastify/compress, app.ts) and not its automatic hook: the hook leaves any
  // answer with a Content-Range alone (byte ranges of the encoded body would lie), but ours
  // counts rows, as PostgREST's does, so it holds for the compressed body too.
  reply.compress(result.body);
  return reply;
}

/** Any error thrown while serving a request, as the RestApiError the client gets. */
function toRestError(error: unknown): RestApiError | undefined {
  if (error instanceof RestApiError) return error;
  // Errors from outside a transaction (runAs maps those from inside with the caller's role).
  if (isPgError(error)) return fromPgError(error, 'anon');
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return bodyTooLarge();
  if (status && status >= 400 && status < 500) return bodyError((error as Error).message);
  return undefined;
}

/** Server-Timing (timing.ts) of the request, on answers and errors alike. */
function timingHeader(reply: FastifyReply): void {
  const timing = reply.request.restTiming;
  if (timing) reply.header('Server-Timing', timing.header());
}

export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Nobody is listening any more; the status only shows in the log.
  if (error instanceof RequestAborted) return reply.status(499).send();
  timingHeader(reply);
  const e = toRestError(error) ?? internalError();
  // PostgREST names the error's code for proxies and HEAD requests, whose status says less.
  reply.header('Proxy-Status', `PostgREST; error=${e.code}`);
  if (e.status < 500 || e.raised) {
    if (e.statusText) reply.raw.statusMessage = e.statusText;
    return reply.status(e.status).headers(e.headers()).send(e.body());
  }
  request.log.error({ err: error, code: e.code }, 'rest: server error');
  const message = e.status === 503 ? 'Service unavailable' : 'Internal server error';
  return reply.status(e.status).send({ code: e.code, details: null, hint: null, message, request_id: request.id });
}
