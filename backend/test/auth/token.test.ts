/** Sign-in, refresh rotation, logout and strict token checks: scenario tables with status and error_code. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
let confirmed: { email: string; password: string };
let unconfirmed: { email: string; password: string };

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', REFRESH_TOKEN_REUSE_INTERVAL: '10' });
  confirmed = { email: uniqueEmail('confirmed').toLowerCase(), password: 'correct-horse' };
  expect((await call(be, 'POST', '/signup', confirmed)).status).toBe(200);
  unconfirmed = { email: uniqueEmail('unconfirmed').toLowerCase(), password: 'correct-horse' };
  await be.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [confirmed.email]);
    await tx.query('insert into auth.users (email, encrypted_password) values ($1, $2)', [unconfirmed.email, rows[0]!.encrypted_password]);
  });
});
afterAll(async () => {
  await be?.close();
});

const signIn = (email: string, password: string) => call(be, 'POST', '/token?grant_type=password', { email, password });

describe('password sign-in failures', () => {
  const cases: Array<{ name: string; body: () => Record<string, unknown>; status: number; code: string; message?: string }> = [
    { name: 'wrong password', body: () => ({ email: confirmed.email, password: 'wrong-password' }), status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' },
    { name: 'unknown email', body: () => ({ email: 'nobody@example.com', password: 'whatever1' }), status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' },
    { name: 'malformed email', body: () => ({ email: 'not-an-email', password: 'whatever1' }), status: 400, code: 'invalid_credentials' },
    { name: 'unconfirmed email', body: () => unconfirmed, status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' },
    { name: 'phone sign-in', body: () => ({ phone: '+15555550100', password: 'whatever1' }), status: 422, code: 'phone_provider_disabled' },
  ];
  for (const c of cases) {
    it(`${c.name} → ${c.status} ${c.code}`, async () => {
      const res = await call(be, 'POST', '/token?grant_type=password', c.body());
      expect(res.status).toBe(c.status);
      expect(res.body.error_code).toBe(c.code);
      expect(res.body.code).toBe(c.status);
      if (c.message) expect(res.body.msg).toBe(c.message);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    });
  }

  it('answers unknown email and wrong password in comparable time (dummy verify)', async () => {
    // Both run one argon2id verify; without the dummy, "unknown" would be many times faster (no
    // hash work at all). One timing of each was at the mercy of the machine's other load: the
    // medians of three alternating pairs, after a first unknown call that makes the dummy hash.
    const took = async (email: string, password: string) => {
      const t = performance.now();
      const res = await signIn(email, password);
      expect(res.body.error_code).toBe('invalid_credentials');
      return performance.now() - t;
    };
    await took('nobody-else@example.com', 'whatever1');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await took(`nobody-${i}@example.com`, 'whatever1'));
      wrong.push(await took(confirmed.email, 'wrong-password'));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 4);
  });
});

describe('sign-up validation', () => {
  const cases = [
    { name: 'short password', body: { email: 'short@example.com', password: '12345' }, status: 422, code: 'weak_password' },
    { name: 'missing password', body: { email: 'nopass@example.com' }, status: 422, code: 'validation_failed' },
    { name: 'invalid email', body: { email: 'bad@', password: 'secret123' }, status: 400, code: 'email_address_invalid' },
    { name: 'phone sign-up', body: { phone: '+15555550100', password: 'secret123' }, status: 422, code: 'phone_provider_disabled' },
  ];
  for (const c of cases) {
    it(`${c.name} → ${c.status} ${c.code}`, async () => {
      const res = await call(be, 'POST', '/signup', c.body);
      expect(res.status).toBe(c.status);
      expect(res.body.error_code).toBe(c.code);
    });
  }

  it('weak_password carries GoTrue reasons, surfaced by supabase-js as AuthWeakPasswordError', async () => {
    const res = await call(be, 'POST', '/signup', { email: 'weak@example.com', password: 'abc' });
    expect(res.body).toMatchObject({ code: 422, error_code: 'weak_password', weak_password: { reasons: ['length'] } });
    const { error } = await makeClient(be).auth.signUp({ email: 'weak2@example.com', password: 'abc' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(error?.status).toBe(422);
  });
});

describe('access token and refresh rotation', () => {
  it('carries the claims the client needs', async () => {
    const res = await signIn(confirmed.email, confirmed.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(typeof res.body.expires_at).toBe('number');
    const claims = JSON.parse(Buffer.from(String(res.body.access_token).split('.')[1]!, 'base64url').toString());
    for (const k of ['iss', 'sub', 'aud', 'exp', 'iat', 'role', 'aal', 'amr', 'session_id', 'email', 'phone', 'app_metadata', 'user_metadata', 'is_anonymous']) {
      expect(claims).toHaveProperty(k);
    }
    expect(claims).toMatchObject({ aud: 'authenticated', role: 'authenticated', aal: 'aal1', email: confirmed.email, is_anonymous: false });
    expect(claims.amr[0].method).toBe('password');
    expect(claims.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
  });

  it('rotates: a reuse within the window returns the current child; after it, the family is revoked', async () => {
    const first = await signIn(confirmed.email, confirmed.password);
    const rt0 = String(first.body.refresh_token);
    const r1 = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: rt0 });
    expect(r1.status).toBe(200);
    const rt1 = String(r1.body.refresh_token);
    expect(rt1).not.toBe(rt0);
    // Two tabs refreshing at once: the second one gets the same child.
    const again = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: rt0 });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(rt1);

    be.advanceClock(11_000);
    const late = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: rt0 });
    expect(late.status).toBe(400);
    expect(late.body.error_code).toBe('refresh_token_already_used');
    // The whole session is gone: the child and the access token die with it.
    const child = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: rt1 });
    expect(child.body.error_code).toBe('refresh_token_not_found');
    const user = await call(be, 'GET', '/user', undefined, String(r1.body.access_token));
    expect(user.status).toBe(403);
    expect(user.body.error_code).toBe('session_not_found');
  });

  it('refuses an unknown refresh token', async () => {
    const res = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: 'nope' });
    expect(res).toMatchObject({ status: 400, body: { error_code: 'refresh_token_not_found' } });
  });

  it('refuses an unknown grant type', async () => {
    const res = await call(be, 'POST', '/token?grant_type=magic', {});
    expect(res).toMatchObject({ status: 400, body: { error_code: 'unsupported_grant_type' } });
  });
});

describe('strict verification of access tokens on /user', () => {
  const secret = () => new TextEncoder().encode(be.config.JWT_SECRET);
  let good: string;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    const res = await signIn(confirmed.email, confirmed.password);
    good = String(res.body.access_token);
    claims = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
  });

  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const cases: Array<{ name: string; token: () => Promise<string | undefined>; status: number; code: string }> = [
    { name: 'valid token', token: async () => good, status: 200, code: '' },
    { name: 'no token (anon key only)', token: async () => be.config.ANON_KEY, status: 403, code: 'bad_jwt' },
    {
      name: 'tampered payload',
      token: async () => {
        const [h, , s] = good.split('.');
        return `${h}.${b64({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })}.${s}`;
      },
      status: 403,
      code: 'bad_jwt',
    },
    { name: 'alg none', token: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, status: 403, code: 'bad_jwt' },
    {
      name: 'wrong key',
      token: async () => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-that-is-at-least-32-chars!')),
      status: 403,
      code: 'bad_jwt',
    },
    {
      name: 'HS512 with the right key',
      token: async () => new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret()),
      status: 403,
      code: 'bad_jwt',
    },
    {
      name: 'expired',
      token: async () => new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(secret()),
      status: 403,
      code: 'bad_jwt',
    },
    {
      name: 'session that does not exist',
      token: async () => new SignJWT({ ...claims, session_id: '00000000-0000-0000-0000-000000000000' }).setProtectedHeader({ alg: 'HS256' }).sign(secret()),
      status: 403,
      code: 'session_not_found',
    },
  ];
  for (const c of cases) {
    it(`${c.name} → ${c.status}${c.code ? ` ${c.code}` : ''}`, async () => {
      const res = await call(be, 'GET', '/user', undefined, await c.token());
      expect(res.status).toBe(c.status);
      if (c.code) expect(res.body.error_code).toBe(c.code);
      else expect(res.body.email).toBe(confirmed.email);
    });
  }

  it('a token expires with the clock', async () => {
    const res = await signIn(confirmed.email, confirmed.password);
    be.advanceClock(3601_000);
    const after = await call(be, 'GET', '/user', undefined, String(res.body.access_token));
    expect(after.status).toBe(403);
    expect(after.body.error_code).toBe('bad_jwt');
    expect(String(after.body.msg)).toContain('expired');
  });

  it('no Authorization header → 401 no_authorization', async () => {
    const res = await fetch(`${be.url}/auth/v1/user`, { headers: { apikey: be.config.ANON_KEY } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('no_authorization');
  });
});

describe('logout scopes', () => {
  it('local ends one session, others the rest, global all; a dead session is session_not_found', async () => {
    const a = await signIn(confirmed.email, confirmed.password);
    const b = await signIn(confirmed.email, confirmed.password);
    const c = await signIn(confirmed.email, confirmed.password);
    const tok = (r: typeof a) => String(r.body.access_token);
    expect((await call(be, 'POST', '/logout?scope=local', undefined, tok(a))).status).toBe(204);
    expect((await call(be, 'GET', '/user', undefined, tok(a))).body.error_code).toBe('session_not_found');
    expect((await call(be, 'GET', '/user', undefined, tok(b))).status).toBe(200);
    expect((await call(be, 'POST', '/logout?scope=others', undefined, tok(b))).status).toBe(204);
    expect((await call(be, 'GET', '/user', undefined, tok(c))).body.error_code).toBe('session_not_found');
    expect((await call(be, 'GET', '/user', undefined, tok(b))).status).toBe(200);
    expect((await call(be, 'POST', '/logout', undefined, tok(b))).status).toBe(204);
    const dead = await call(be, 'POST', '/logout', undefined, tok(b));
    expect(dead).toMatchObject({ status: 403, body: { error_code: 'session_not_found' } });
    const refresh = await call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: b.body.refresh_token });
    expect(refresh.body.error_code).toBe('refresh_token_not_found');
  });
});

describe('PUT /user', () => {
  it('changes metadata and password, refuses a short or unchanged one', async () => {
    const email = uniqueEmail('put').toLowerCase();
    const s = await call(be, 'POST', '/signup', { email, password: 'first-pass' });
    const token = String(s.body.access_token);
    const meta = await call(be, 'PUT', '/user', { data: { full_name: 'New Name' } }, token);
    expect(meta.status).toBe(200);
    expect((meta.body.user_metadata as Record<string, unknown>).full_name).toBe('New Name');
    expect((await call(be, 'PUT', '/user', { password: '123' }, token)).body.error_code).toBe('weak_password');
    expect((await call(be, 'PUT', '/user', { password: 'first-pass' }, token)).body.error_code).toBe('same_password');
    expect((await call(be, 'PUT', '/user', { password: 'second-pass' }, token)).status).toBe(200);
    expect((await signIn(email, 'first-pass')).body.error_code).toBe('invalid_credentials');
    expect((await signIn(email, 'second-pass')).status).toBe(200);
  });
});

describe('settings and health', () => {
  it('answers GET /settings and GET /health', async () => {
    const settings = await call(be, 'GET', '/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ external: { email: true, phone: false }, mailer_autoconfirm: true, disable_signup: false });
    const health = await call(be, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.name).toBe('GoTrue');
  });

  it('sends X-Supabase-Api-Version on every auth answer (also 404 and bad JSON), exposed through CORS', async () => {
    const missing = await call(be, 'GET', '/no-such-endpoint');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const bad = await fetch(`${be.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(((await bad.json()) as { error_code: string }).error_code).toBe('bad_json');
    const pre = await fetch(`${be.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,authorization,content-type,x-supabase-api-version,x-client-info' },
    });
    expect(pre.status).toBeLessThan(300);
    const ok = await fetch(`${be.url}/auth/v1/settings`, { headers: { origin: 'http://localhost:3000' } });
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });
});
