/**
 * Signed URL tokens, in Supabase Storage's format: an HS256 JWT signed with the project's
 * JWT_SECRET whose claims name the object (`url`: "bucket/name") and what it may be used for
 * (`scope`: "download" or "upload"); an upload token also carries the signer as `owner` and
 * `upsert`, a download token for /render/image its transformation. A token is good for its one
 * object and scope only: an access token, an upload token on a download URL, a token for another
 * object — each is refused.
 */
import { JwtError, signJwt, verifyJwt, type Claims } from '../security/jwt';
import type { Services } from '../services';
import { ERRORS } from './errors';
import type { Transform } from './transform-options';

export type Scope = 'download' | 'upload';

export interface SignedToken extends Claims {
  url: string;
  scope: Scope;
  owner?: string;
  upsert?: boolean;
  transform?: Transform;
}

export async function signToken(services: Services, claims: Omit<SignedToken, 'iat' | 'exp'>, expiresIn: number): Promise<string> {
  const now = Math.floor(services.now() / 1000);
  return signJwt({ ...claims, iat: now, exp: now + expiresIn }, services.config.JWT_SECRET);
}

/** The claims of `token` if it is a valid `scope` token for `bucket/name`; storage's errors otherwise. */
export async function verifyToken(services: Services, token: unknown, scope: Scope, bucket: string, name: string): Promise<SignedToken> {
  if (typeof token !== 'string' || !token) throw ERRORS.missingParameter('token');
  let claims: Claims;
  try {
    claims = await verifyJwt(token, services.config.JWT_SECRET, { now: Math.floor(services.now() / 1000) });
  } catch (error) {
    if (error instanceof JwtError && error.problem === 'expired') throw ERRORS.expiredSignature();
    throw ERRORS.invalidJwt(error instanceof JwtError ? error.message : 'Invalid JWT');
  }
  if (claims.scope !== scope) throw ERRORS.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${bucket}/${name}`) throw ERRORS.invalidSignature();
  return claims as SignedToken;
}
