/**
 * The caller of an authenticated endpoint: a strictly verified access token (HS256, signature,
 * exp against services.now()) whose session still exists. A logged-out session answers 403
 * session_not_found, which makes supabase-js drop its stored session.
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { JwtError, verifyJwt, type Claims } from '../security/jwt';
import { LIMITS } from '../http/limits';
import { jwtKeys } from '../security/jwt-keys';
import { AuthErrors } from './errors';
import { findSession, type SessionRow } from './store/sessions';
import { findUserById, type UserRow } from './users';

export interface Caller {
  claims: Claims;
  user: UserRow;
  session: SessionRow;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export async function verifyAccessToken(services: Services, token: string | null): Promise<Claims> {
  if (!token) throw AuthErrors.noAuthorization();
  try {
    const claims = await verifyJwt(token, jwtKeys(services.config), { now: Math.floor(services.now() / 1000) });
    if (!claims.sub) throw AuthErrors.badJwt('invalid claim: missing sub claim');
    return claims;
  } catch (error) {
    if (error instanceof JwtError) {
      const detail = { expired: 'token has invalid claims: token is expired', claims: `token has invalid claims: ${error.message}`, invalid: 'signature is invalid' };
      throw AuthErrors.badJwt(detail[error.problem]);
    }
    throw error;
  }
}

/** Load the caller inside a transaction; throws session_not_found / user_not_found. */
export async function loadCaller(tx: Tx, claims: Claims): Promise<Caller> {
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) throw AuthErrors.sessionNotFound();
  const session = await findSession(tx, sessionId);
  if (!session || session.user_id !== claims.sub) throw AuthErrors.sessionNotFound();
  const user = await findUserById(tx, session.user_id);
  if (!user) throw AuthErrors.userNotFound();
  return { claims, user, session };
}

export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

export function userAgent(request: FastifyRequest): string | undefined {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : undefined;
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a NUL anywhere in a request (body keys or
 * values, query parameters such as redirect_to) was a 500 further down. bodyOf and queryOf refuse
 * it (400 validation_failed); endpoints read them after the caller's token, so a forged token is
 * still refused first. The browser-facing redirects (GET /verify, /callback) use lenientQueryOf.
 */
const NUL = '\u0000';
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > LIMITS.bodyNesting || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes(NUL) || hasNul(v, depth + 1));
}
const nulRefused = () => AuthErrors.validation('Request must not contain NUL characters (\\u0000)');

/** The JSON body as an object (the auth plugin parses an empty body as {}). */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (hasNul(b)) throw nulRefused();
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

function rawQuery(request: FastifyRequest): Record<string, string> {
  const q = request.query as Record<string, unknown> | undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q ?? {})) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}

export function queryOf(request: FastifyRequest): Record<string, string> {
  const q = rawQuery(request);
  if (hasNul(q)) throw nulRefused();
  return q;
}

/** The query without parameters that carry a NUL (treated as absent): for endpoints that answer with a redirect. */
export function lenientQueryOf(request: FastifyRequest): Record<string, string> {
  return withoutNul(rawQuery(request));
}

export function withoutNul(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((e): e is [string, string] => typeof e[1] === 'string' && !hasNul(e)));
}
