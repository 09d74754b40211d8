/**
 * Asymmetric access tokens (JWT_SIGNING_KEY: ES256 or RS256): signed with the key and its kid,
 * published at /auth/v1/.well-known/jwks.json, verified by supabase-js's getClaims(), by /rest/v1
 * and by /realtime/v1 — while the HS256 anon and service keys keep working. HS256 stays the
 * default (an empty JWKS). Forged and confused tokens are refused.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { signJwt } from '../../src/security/jwt';
import { startTestBackend, type TestBackend } from '../harness';
import { closeAll, rtClient, subscribed, type RtClient } from '../realtime/helpers';
import { call, makeClient, uniqueEmail } from './helpers';

const ecKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

let es: TestBackend;
const clients: RtClient[] = [];
beforeAll(async () => {
  es = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', JWT_SIGNING_KEY: JSON.stringify({ ...ecKey(), kid: 'es-key-1' }) });
});
afterAll(async () => {
  await closeAll(clients);
  await es?.close();
});

async function signedIn(be: TestBackend) {
  const email = uniqueEmail('jwks').toLowerCase();
  const client = makeClient(be);
  const { data, error } = await client.auth.signUp({ email, password: 'jwks-password' });
  expect(error).toBeNull();
  return { client, session: data.session!, email };
}

describe('ES256', () => {
  it('access tokens carry alg ES256 and the kid the JWKS publishes; they verify against it and through getClaims()', async () => {
    const { client, session } = await signedIn(es);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', kid: 'es-key-1', typ: 'JWT' });
    const res = await fetch(`${es.url}/auth/v1/.well-known/jwks.json`);
    const jwks = (await res.json()) as JSONWebKeySet;
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', kid: 'es-key-1', alg: 'ES256', use: 'sig' })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks));
    expect(payload.sub).toBe(session.user.id);
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(session.user.id);
    // Refresh keeps signing with the key.
    const refreshed = await client.auth.refreshSession();
    expect(decodeProtectedHeader(refreshed.data.session!.access_token).alg).toBe('ES256');
  });

  it('/rest/v1 and /realtime/v1 accept the ES256 token; the HS256 keys keep working', async () => {
    const { client, session } = await signedIn(es);
    const own = await client.from('profiles').select('id').eq('id', session.user.id);
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ id: session.user.id }]);
    const rt = await rtClient(es, session.access_token);
    clients.push(rt);
    await expect(subscribed(rt.sb.channel('es256'))).resolves.toBeTruthy();
    const hs = await signJwt({ sub: session.user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, es.config.JWT_SECRET);
    const res = await fetch(`${es.url}/rest/v1/profiles?select=id&id=eq.${session.user.id}`, { headers: { apikey: es.config.ANON_KEY, authorization: `Bearer ${hs}` } });
    expect(res.status).toBe(200);
  });

  it('refuses a token signed with another key under the same kid, an RS256 token and alg none', async () => {
    const { session } = await signedIn(es);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'es-key-1' }).sign(other);
    const rsa = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'es-key-1' }).sign(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${session.access_token.split('.')[1]}.`;
    const wrongKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'other' }).sign(other);
    for (const token of [forged, rsa, none, wrongKid]) {
      expect(await call(es, 'GET', '/user', undefined, token)).toMatchObject({ status: 403, body: { error_code: 'bad_jwt' } });
      const rest = await fetch(`${es.url}/rest/v1/profiles?select=id`, { headers: { apikey: es.config.ANON_KEY, authorization: `Bearer ${token}` } });
      expect(rest.status).toBe(401);
    }
  });
});

describe('RS256 and the default', () => {
  it('an RSA key signs RS256 with a thumbprint kid; without a key the JWKS is empty and tokens are HS256', { timeout: 180_000 }, async () => {
    const rs = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', JWT_SIGNING_KEY: JSON.stringify(rsaKey()) });
    try {
      const { session } = await signedIn(rs);
      const header = decodeProtectedHeader(session.access_token);
      expect(header.alg).toBe('RS256');
      const jwks = (await (await fetch(`${rs.url}/auth/v1/.well-known/jwks.json`)).json()) as JSONWebKeySet;
      expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', kid: header.kid })]);
      expect((await call(rs, 'GET', '/user', undefined, session.access_token)).status).toBe(200);
    } finally {
      await rs.close();
    }
    const hs = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
    try {
      const { session } = await signedIn(hs);
      expect(decodeProtectedHeader(session.access_token).alg).toBe('HS256');
      expect(await (await fetch(`${hs.url}/auth/v1/.well-known/jwks.json`)).json()).toEqual({ keys: [] });
    } finally {
      await hs.close();
    }
  });

  it('a bad JWT_SIGNING_KEY stops the start with a message naming the variable', () => {
    const problem = (value: string) => {
      try {
        loadConfig({ NODE_ENV: 'test', JWT_SIGNING_KEY: value });
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.join('\n');
      }
    };
    expect(problem('not json')).toMatch(/^JWT_SIGNING_KEY: must be a private JWK/);
    const { d: _d, ...publicOnly } = ecKey();
    expect(problem(JSON.stringify(publicOnly))).toMatch(/^JWT_SIGNING_KEY: must be the private key/);
    expect(problem(JSON.stringify({ kty: 'oct', k: 'abc' }))).toMatch(/^JWT_SIGNING_KEY: must be an EC P-256/);
    expect(problem(JSON.stringify({ ...ecKey(), alg: 'RS256' }))).toMatch(/^JWT_SIGNING_KEY: its alg must be ES256/);
    expect(problem(JSON.stringify(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' })))).toMatch(/at least 2048 bits/);
  });
});
