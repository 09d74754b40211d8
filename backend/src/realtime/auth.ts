/**
 * Who a channel acts as. The socket is opened with the project's apikey (anon or service_role,
 * signed with JWT_SECRET); a channel then acts as the access_token of its join (or the apikey when
 * there is none) and as each refreshed token after that. Tokens are verified strictly with the
 * backend's JWT code (HS256, signature, exp required); the refusal messages are Realtime's.
 */
import { decodeJwt } from 'jose';
import { JwtError, type Claims } from '../security/jwt';
import type { JwtKeys } from '../security/jwt-keys';
import { verifyJwtCached } from '../security/verified-tokens';

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Identity {
  role: string;
  claims: Claims;
  /** exp in seconds since the epoch. */
  exp: number;
  /** role + claims as JSON: equal keys see exactly the same rows. */
  key: string;
}

export class TokenError extends Error {}

/** The apikey of the WebSocket URL: only a project key (anon or service_role) opens a socket. */
export async function verifyApiKey(apikey: string | null, keys: JwtKeys, nowMs: number): Promise<boolean> {
  if (!apikey) return false;
  try {
    const claims = await verifyJwtCached(apikey, keys, Math.floor(nowMs / 1000));
    return claims.role === 'anon' || claims.role === 'service_role';
  } catch {
    return false;
  }
}

export async function identify(token: string, keys: JwtKeys, nowMs: number): Promise<Identity> {
  const now = Math.floor(nowMs / 1000);
  let claims: Claims;
  try {
    claims = await verifyJwtCached(token.trim(), keys, now);
  } catch (error) {
    if (!(error instanceof JwtError) || error.problem === 'invalid') throw new TokenError('Failed to validate JWT signature');
    // jose checks the signature before the claims: an expired token here is genuinely signed.
    if (error.problem === 'expired') throw new TokenError(`Token has expired ${now - Number(decodeJwt(token.trim()).exp)} seconds ago`);
    throw new TokenError(error.message === 'JWT not yet valid' ? 'Token is not valid yet' : 'Fields `role` and `exp` are required in JWT');
  }
  if (typeof claims.exp !== 'number' || typeof claims.role !== 'string') throw new TokenError('Fields `role` and `exp` are required in JWT');
  if (!API_ROLES.has(claims.role)) throw new TokenError(`Role "${claims.role.slice(0, 64)}" is not allowed`);
  return { role: claims.role, claims, exp: claims.exp, key: JSON.stringify([claims.role, claims]) };
}
