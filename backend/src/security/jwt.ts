/**
 * JSON Web Tokens, verified strictly: a valid signature, `exp` required and in the future. HS256
 * with the project's secret always (the anon and service_role keys); with an asymmetric signing
 * key configured (jwt-keys.ts) also its one algorithm (ES256 or RS256), and then access tokens
 * are signed with it. Any other `alg` (`none`, an HS256/RS256 confusion) is refused: the
 * algorithm is chosen from the keys we hold, never trusted from the token.
 */
import { SignJWT, decodeProtectedHeader, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { JwtKeys } from './jwt-keys';

export interface Claims extends JWTPayload {
  role?: string;
  sub?: string;
  aal?: string;
  session_id?: string;
  email?: string;
  [key: string]: unknown;
}

/**
 * Why a token was refused, in PostgREST's two groups: `invalid` — it does not decode or verify
 * (PGRST301: malformed, wrong algorithm, bad signature); `expired` and `claims` — it verifies but
 * its claims do not hold (PGRST303: exp passed, nbf ahead, a claim of the wrong type, no exp).
 * The message is PostgREST's wording.
 */
export type JwtProblem = 'expired' | 'claims' | 'invalid';

export class JwtError extends Error {
  constructor(readonly problem: JwtProblem, message: string) {
    super(message);
    this.name = 'JwtError';
  }
}

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = encoder.encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

export interface VerifyOptions {
  /** Seconds since the epoch; injectable for tests. */
  now?: number;
  /** Require an exp claim (access tokens: yes). The anon/service keys carry one too. */
  requireExp?: boolean;
}

/** The key and the one algorithm a token may be verified with, from its header and the keys we hold. */
function verificationKey(token: string, keys: string | JwtKeys) {
  const secret = typeof keys === 'string' ? keys : keys.secret;
  const signing = typeof keys === 'string' ? undefined : keys.signing;
  if (signing) {
    let header: { alg?: unknown; kid?: unknown } = {};
    try {
      header = decodeProtectedHeader(token);
    } catch {
      // malformed: jwtVerify below reports it
    }
    if (header.alg === signing.alg) {
      if (header.kid !== undefined && header.kid !== signing.kid) throw new JwtError('invalid', 'No suitable key or wrong key type');
      return { key: signing.publicKey, alg: signing.alg };
    }
  }
  return { key: keyOf(secret), alg: 'HS256' };
}

export async function verifyJwt(token: string, keys: string | JwtKeys, options: VerifyOptions = {}): Promise<Claims> {
  try {
    const { key, alg } = verificationKey(token, keys);
    const { payload } = await jwtVerify(token, key, {
      algorithms: [alg],
      requiredClaims: options.requireExp === false ? [] : ['exp'],
      ...(options.now !== undefined ? { currentDate: new Date(options.now * 1000) } : {}),
    });
    return payload as Claims;
  } catch (error) {
    throw classify(error, token);
  }
}

function classify(error: unknown, token: string): JwtError {
  if (error instanceof JwtError) return error;
  if (error instanceof joseErrors.JWTExpired) return new JwtError('expired', 'JWT expired');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const { claim, reason } = error;
    if (claim === 'nbf' && reason === 'check_failed') return new JwtError('claims', 'JWT not yet valid');
    if (reason === 'missing') return new JwtError('claims', `The JWT '${claim}' claim is required`);
    if (['exp', 'nbf', 'iat'].includes(claim)) return new JwtError('claims', `The JWT '${claim}' claim must be a number`);
    return new JwtError('claims', 'Parsing claims failed');
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported) {
    return new JwtError('invalid', 'Wrong or unsupported encoding algorithm');
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return new JwtError('invalid', 'JWT cryptographic operation failed');
  const parts = token.split('.').length;
  if (parts !== 3) return new JwtError('invalid', `Expected 3 parts in JWT; got ${parts}`);
  return new JwtError('invalid', "JWT couldn't be decoded");
}

/** HS256 with the secret, or the asymmetric signing key (with its kid) when one is configured. */
export async function signJwt(claims: Claims, keys: string | JwtKeys): Promise<string> {
  const signing = typeof keys === 'string' ? undefined : keys.signing;
  if (signing) return new SignJWT(claims).setProtectedHeader({ alg: signing.alg, typ: 'JWT', kid: signing.kid }).sign(signing.privateKey);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(typeof keys === 'string' ? keys : keys.secret));
}
