/**
 * JSON Web Tokens, verified strictly: HS256 only (so `alg: none` and algorithm-confusion tokens
 * are refused), a valid signature with the project's secret, `exp` required and in the future.
 * The same secret signs access tokens, the anon key and the service_role key.
 */
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

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

export async function verifyJwt(token: string, secret: string, options: VerifyOptions = {}): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      requiredClaims: options.requireExp === false ? [] : ['exp'],
      ...(options.now !== undefined ? { currentDate: new Date(options.now * 1000) } : {}),
    });
    return payload as Claims;
  } catch (error) {
    throw classify(error, token);
  }
}

function classify(error: unknown, token: string): JwtError {
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

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(secret));
}
