/**
 * The project's signing keys: always the HS256 secret (JWT_SECRET, which signs the anon and
 * service_role keys), and optionally an asymmetric key (JWT_SIGNING_KEY: a private JWK, EC P-256 →
 * ES256 or RSA → RS256) that then signs access tokens and is published at
 * /auth/v1/.well-known/jwks.json under its kid — what hosted Supabase does by default now.
 * Built once per configuration object (key parsing is not free).
 */
import { createHash, createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';

export interface SigningKey {
  alg: 'ES256' | 'RS256';
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public JWK as the JWKS publishes it. */
  jwk: Record<string, unknown>;
}

export interface JwtKeys {
  secret: string;
  signing?: SigningKey;
}

/** Parse JWT_SIGNING_KEY; throws an Error whose message says what is wrong (config.ts lists it). */
export function parseSigningKey(text: string): SigningKey {
  let jwk: JsonWebKey & { kid?: unknown; alg?: unknown };
  try {
    jwk = JSON.parse(text) as typeof jwk;
  } catch {
    throw new Error('must be a private JWK as JSON (EC P-256 or RSA)');
  }
  let alg: SigningKey['alg'];
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') alg = 'ES256';
  else if (jwk.kty === 'RSA') alg = 'RS256';
  else throw new Error('must be an EC P-256 (ES256) or RSA (RS256) key');
  if (jwk.alg !== undefined && jwk.alg !== alg) throw new Error(`its alg must be ${alg} for this key type`);
  if (!jwk.d) throw new Error('must be the private key (the JWK has no "d")');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
  } catch (error) {
    throw new Error(`is not a usable key: ${(error as Error).message}`);
  }
  if (alg === 'RS256' && (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new Error('RSA keys need at least 2048 bits');
  const publicKey = createPublicKey(privateKey);
  const pub = publicKey.export({ format: 'jwk' }) as Record<string, string>;
  // RFC 7638 thumbprint when the JWK names no kid.
  const members = alg === 'ES256' ? { crv: pub.crv, kty: pub.kty, x: pub.x, y: pub.y } : { e: pub.e, kty: pub.kty, n: pub.n };
  const kid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : createHash('sha256').update(JSON.stringify(members)).digest('base64url');
  return { alg, kid, privateKey, publicKey, jwk: { ...pub, kid, alg, use: 'sig', key_ops: ['verify'] } };
}

const cache = new WeakMap<object, JwtKeys>();

export function jwtKeys(config: { JWT_SECRET: string; JWT_SIGNING_KEY?: string }): JwtKeys {
  let keys = cache.get(config);
  if (!keys) {
    keys = { secret: config.JWT_SECRET, ...(config.JWT_SIGNING_KEY ? { signing: parseSigningKey(config.JWT_SIGNING_KEY) } : {}) };
    cache.set(config, keys);
  }
  return keys;
}
