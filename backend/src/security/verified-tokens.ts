/**
 * Verified tokens, by their exact text, for /rest/v1 and /realtime/v1: a signature check (jose
 * over WebCrypto) costs from ~0.1 ms on a quiet machine to milliseconds on a busy one, and the same
 * apikey and session token come with every request — under a flood of REST broadcasts the checks
 * were the largest share of the server's time. Only successful verifications are kept; exp is
 * checked again on every use against the backend's clock. Bounded (oldest evicted first). Keyed
 * by the app's signing keys object as well, so apps of one process (the tests) never share a hit.
 *
 * @example const claims = await verifyJwtCached(token, jwtKeys(config), Math.floor(now / 1000));
 */
import { JwtError, verifyJwt, type Claims } from './jwt';
import type { JwtKeys } from './jwt-keys';

const VERIFIED_MAX = 2000;
const verified = new Map<string, { keys: JwtKeys; claims: Claims }>();

/** `now`: seconds since the epoch. Throws JwtError as verifyJwt does. */
export async function verifyJwtCached(token: string, keys: JwtKeys, now: number): Promise<Claims> {
  const hit = verified.get(token);
  if (hit && hit.keys === keys) {
    if (typeof hit.claims.exp !== 'number' || hit.claims.exp <= now) {
      verified.delete(token);
      throw new JwtError('expired', 'JWT expired');
    }
    return hit.claims;
  }
  const claims = await verifyJwt(token, keys, { now });
  if (claims.nbf !== undefined) return claims; // not-before tokens are re-verified each time
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, { keys, claims });
  return claims;
}
