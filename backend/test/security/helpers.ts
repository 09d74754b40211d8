/**
 * Helpers for the security suites: raw HTTP with a per-request timeout, real accounts made through
 * /auth/v1 (real sessions, identities), forged tokens derived from a real one, and a fingerprint
 * of every row a refused request must leave alone.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { signJwt } from '../../src/security/jwt';
import type { TestBackend } from '../harness';

/** One request; `apikey`/`bearer` null means the header is left out. */
export interface Call {
  method?: string;
  path: string;
  apikey?: string | null;
  bearer?: string | null;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  /** The JSON body, or undefined when there is none or it is not JSON. */
  json: unknown;
}

/** A request that did not answer within its time: the suites treat it as a failure ("never a hang"). */
export class HangError extends Error {}

export async function send(be: TestBackend, c: Call): Promise<Answer> {
  const headers = new Headers(c.headers);
  const apikey = c.apikey === undefined ? be.config.ANON_KEY : c.apikey;
  if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey);
  if (c.bearer !== undefined && c.bearer !== null) headers.set('authorization', `Bearer ${c.bearer}`);
  let body: string | undefined;
  if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const timeoutMs = c.timeoutMs ?? 15_000;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${be.url}${c.path}`, { method: c.method ?? 'GET', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new HangError(`${c.method ?? 'GET'} ${c.path.slice(0, 300)}: no answer within ${timeoutMs} ms`);
    throw error;
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, headers: res.headers, json };
}

/** The error code of an answer: PostgREST's `code` on /rest/v1, GoTrue's `error_code` on /auth/v1. */
export function errorCode(a: Answer): string | undefined {
  const j = a.json as { code?: unknown; error_code?: unknown } | undefined;
  if (!j || typeof j !== 'object') return undefined;
  if (typeof j.error_code === 'string') return j.error_code;
  return typeof j.code === 'string' ? j.code : undefined;
}

export interface Account {
  id: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
  identityId: string;
}

/** Sign up through /auth/v1 (the backend must run with MAILER_AUTOCONFIRM=true): a real session. */
export async function signUp(be: TestBackend, email: string, password = 'correct-horse-battery', data: Record<string, unknown> = {}): Promise<Account> {
  const a = await send(be, { method: 'POST', path: '/auth/v1/signup', body: { email, password, data } });
  const j = a.json as { access_token?: string; refresh_token?: string; user?: { id: string; identities: { identity_id?: string; id: string }[] } };
  if (a.status !== 200 || !j.access_token || !j.user) throw new Error(`sign-up of ${email} failed: ${a.status} ${a.text}`);
  const identity = j.user.identities[0]!;
  return { id: j.user.id, email, password, access: j.access_token, refresh: j.refresh_token!, identityId: identity.identity_id ?? identity.id };
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
export const claimsOf = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

/** A secret that is not the project's. */
export const WRONG_SECRET = 'not-the-project-secret-not-the-project-secret!';

/**
 * Tokens an attacker can make without the project's secret (and a few made with it that must
 * still be refused), derived from a real access token `real` of user A.
 */
export async function forgedTokens(be: TestBackend, real: string, other: { id: string }) {
  const [h, p, sig] = real.split('.') as [string, string, string];
  const claims = claimsOf(real);
  const now = Math.floor(Date.now() / 1000);
  const secret = new TextEncoder().encode(be.config.JWT_SECRET);
  const none = b64({ alg: 'none', typ: 'JWT' });
  const rsHeader = b64({ alg: 'RS256', typ: 'JWT' });
  const rsBody = b64({ ...claims, role: 'service_role' });
  const [ah, , asig] = be.config.ANON_KEY.split('.') as [string, string, string];
  return {
    /** Bearer tokens. */
    bearer: {
      algNoneServiceRole: `${none}.${b64({ ...claims, role: 'service_role' })}.`,
      algNoneOwnClaims: `${none}.${p}.`,
      anotherKey: await signJwt(claims, WRONG_SECRET),
      serviceRoleWrongKey: await signJwt({ ...claims, role: 'service_role' }, WRONG_SECRET),
      serviceRoleSignatureKept: `${h}.${b64({ ...claims, role: 'service_role' })}.${sig}`,
      subOfOtherSignatureKept: `${h}.${b64({ ...claims, sub: other.id })}.${sig}`,
      hs512ProjectKey: await new SignJWT({ ...claims, role: 'service_role' }).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret),
      rs256HeaderOverHmac: `${rsHeader}.${rsBody}.${createHmac('sha256', be.config.JWT_SECRET).update(`${rsHeader}.${rsBody}`).digest('base64url')}`,
      attackerKidJku: await new SignJWT({ ...claims, role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'attacker', jku: 'https://evil.example/jwks.json' })
        .sign(new TextEncoder().encode(WRONG_SECRET)),
      expired: await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, be.config.JWT_SECRET),
      notYetValid: await signJwt({ ...claims, nbf: now + 3600 }, be.config.JWT_SECRET),
      twoParts: `${h}.${p}`,
      garbage: 'not-a-jwt',
    },
    /** apikey values: service_role keys made without the secret, and things that are not keys. */
    apikey: {
      algNoneServiceKey: `${none}.${b64({ iss: 'supabase-demo', role: 'service_role', exp: now + 3600 })}.`,
      anonKeyEditedToServiceRole: `${ah}.${b64({ ...claimsOf(be.config.ANON_KEY), role: 'service_role' })}.${asig}`,
      serviceKeyWrongSecret: await signJwt({ iss: 'supabase-demo', role: 'service_role', exp: now + 3600 }, WRONG_SECRET),
      expiredAnonKey: await signJwt({ iss: 'supabase-demo', role: 'anon', exp: now - 60 }, be.config.JWT_SECRET),
      userAccessToken: real,
    },
  };
}

/** An md5 of every row of `tables` (each row tagged with its table), in a stable order. */
export async function rowsDigest(be: TestBackend, tables: string[]): Promise<string> {
  const rows = tables.map((t) => `select '${t} ' || row(x.*)::text as t from ${t} x`).join(' union all ');
  const { rows: [digest] } = await be.db.transaction((tx) => tx.query<{ h: string }>(`select md5(coalesce(string_agg(t, '|' order by t), '')) as h from (${rows}) z`));
  return digest!.h;
}

/**
 * A fingerprint of every row of the app tables and of the auth tables a request could change:
 * a refused request must leave it exactly as it was.
 */
export function fingerprint(be: TestBackend): Promise<string> {
  return rowsDigest(be, [
    'public.profiles', 'public.gigs', 'public.payments', 'public.audit_logs',
    ...['users', 'identities', 'sessions', 'refresh_tokens', 'mfa_factors', 'mfa_challenges', 'flow_state'].map((t) => `auth.${t}`),
  ]);
}
