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

export type JwtProblem = 'expired' | 'invalid';

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
    if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', error instanceof Error ? error.message : 'invalid JWT');
  }
}

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(secret));
}
