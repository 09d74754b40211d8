/**
 * Who is calling /storage/v1, as Supabase Storage decides it: the Bearer token of the
 * Authorization header, verified strictly (security/jwt.ts), gives the role and the claims; its
 * `sub` is the owner of what the caller uploads. Storage does not check the apikey (the gateway in
 * front of hosted Storage does not either: public object URLs work in an <img> without one).
 * Routes that serve public buckets take a missing or invalid token as `anon`; every other route
 * refuses it (403 AccessDenied, as storage answers).
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { JwtError, verifyJwt, type Claims } from '../security/jwt';
import { jwtKeys } from '../security/jwt-keys';
import { ERRORS } from './errors';

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface StorageCaller {
  role: string;
  claims: Claims;
  /** The token's `sub` (a user id) when it has one. */
  owner?: string;
  /** A verified token was presented (Supabase's `isAuthenticated`). */
  authenticated: boolean;
}

export const ANON_CALLER: StorageCaller = { role: 'anon', claims: { role: 'anon' }, authenticated: false };

/** The caller of `request`; `optional`: no or a bad token is the anon caller instead of an error. */
export async function storageCaller(request: FastifyRequest, services: Services, optional = false): Promise<StorageCaller> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
  if (!token) {
    if (optional) return ANON_CALLER;
    throw ERRORS.invalidRequest("headers must have required property 'authorization'");
  }
  let claims: Claims;
  try {
    claims = await verifyJwt(token, jwtKeys(services.config), { now: Math.floor(services.now() / 1000) });
  } catch (error) {
    if (optional) return ANON_CALLER;
    if (error instanceof JwtError) throw ERRORS.accessDenied(error.message);
    throw error;
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw ERRORS.accessDenied('Access denied: Invalid role');
  const owner = typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : undefined;
  return { role, claims, owner, authenticated: true };
}
