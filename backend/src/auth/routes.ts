/**
 * /auth/v1 — GoTrue-compatible authentication (the wire format of supabase-js 2.x's auth client).
 * Route binding for the auth area: one file per endpoint family, one error mapper, and the
 * X-Supabase-Api-Version header on every answer.
 *
 * Errors leave as GoTrue's body {code, error_code, msg, message}; a 5xx never carries its cause
 * (it is logged with the request id) and is never a 503/520, which supabase-js would retry.
 */
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { AuthApiError } from '../http/errors';
import { LIMITS, jsonDepth } from '../http/limits';
import { oauthRoutes } from './authorize';
import { adminRoutes } from './admin';
import { AuthErrors } from './errors';
import { factorRoutes } from './factors';
import { identityRoutes } from './identities';
import { disabledRoutes } from './disabled';
import { logoutRoutes } from './logout';
import { passkeySignInRoutes } from './passkey-sign-in';
import { passkeyRoutes } from './passkeys';
import { passwordlessRoutes } from './passwordless';
import { reauthenticateRoutes } from './reauthenticate';
import { recoverRoutes } from './recover';
import { settingsRoutes } from './settings';
import { signupRoutes } from './signup';
import { tokenRoutes } from './token';
import { userRoutes } from './user';
import { verifyRoutes } from './verify';

export const API_VERSION = '2024-01-01';

/**
 * A lone surrogate escape ("\ud800") in a JSON body becomes U+FFFD, as Go's JSON decoder (GoTrue)
 * does: PostgreSQL's jsonb refuses it (22P05), so metadata carrying one was a 500 on sign-up.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const fixString = (s: string) => s.replace(LONE_SURROGATE, '\ufffd');
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return fixString(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fixString(k), wellFormed(v)]));
  }
  return value;
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  // supabase-js sends `Content-Type: application/json` with no body on logout and DELETE calls.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) return done(null, {});
    // GoTrue's JSON decoder refuses deep nesting too ("exceeded max depth"); ours keeps it away from the database (http/limits.ts).
    if (jsonDepth(text) > LIMITS.bodyNesting) return done(AuthErrors.badJson('exceeded max depth'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(AuthErrors.badJson(), undefined);
    }
    done(null, wellFormed(value));
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', API_VERSION);
  });

  app.setErrorHandler((error: FastifyError | AuthApiError, request, reply) => {
    let apiError: AuthApiError;
    if (error instanceof AuthApiError) apiError = error;
    else if ((error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500) {
      const status = (error as FastifyError).statusCode!;
      apiError = status === 413 ? new AuthApiError(413, 'request_too_large', 'Request body too large') : AuthErrors.validation(error.message);
    } else {
      apiError = AuthErrors.unexpected(error);
    }
    // The one place a 5xx's cause is written down: with the request id the client saw.
    if (apiError.status >= 500) request.log.error({ err: apiError.cause ?? apiError, request_id: request.id, error_code: apiError.errorCode }, 'auth: unexpected failure');
    return reply.status(apiError.status).headers(apiError.headers()).send(apiError.body());
  });

  app.setNotFoundHandler((_request, reply) => {
    const e = AuthErrors.notFound();
    return reply.status(404).send(e.body());
  });

  signupRoutes(app);
  tokenRoutes(app);
  logoutRoutes(app);
  userRoutes(app);
  verifyRoutes(app);
  settingsRoutes(app);
  recoverRoutes(app);
  reauthenticateRoutes(app);
  factorRoutes(app);
  passkeyRoutes(app);
  passkeySignInRoutes(app);
  oauthRoutes(app);
  identityRoutes(app);
  passwordlessRoutes(app);
  disabledRoutes(app);
  adminRoutes(app);
};
