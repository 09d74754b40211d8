/**
 * Property-based fuzzing of every /auth/v1 endpoint's input (fast-check) over real HTTP: sign-up,
 * /token for each grant type, recover / resend / verify (POST and the email link), GET/PUT /user,
 * the MFA factors, logout, /authorize and /callback (open redirects), and any path with any method
 * and content type. Email confirmations are on (the mail paths run); rate limits are lifted so the
 * inputs reach the code behind them.
 *
 * For every case: an answer below 500 within the timeout, X-Supabase-Api-Version on it; nothing of
 * victim B (id, metadata, refresh token, TOTP secret), no password hash, no key or JWT secret in
 * it; B's account, sessions and factor unchanged. Forged tokens never get past the token check;
 * random credentials never get a session; redirects never leave SITE_URL / the allow-list.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { REQUEST_TIMEOUT_MS, assertNoLeak, canary, check, createVault, noteStatus, hostileString as sharedHostileString, jsonOf, pct, segment, summary, timeoutFor, victimFingerprint, type PropertyName } from './fuzz-support';
import { signJwt } from '../../src/security/jwt';
import { claimsOf, forgedTokens, send, type Answer } from './helpers';

const PROPERTIES: PropertyName[] = ['auth: signup', 'auth: token grants', 'auth: email flows', 'auth: user', 'auth: factors', 'auth: logout', 'auth: redirects', 'auth: any path'];
const SITE = 'http://localhost:3000';
const ALLOWED_ORIGINS = new Set([SITE, 'http://localhost:3001']);
const PROVIDER = 'http://127.0.0.1:9';

let be: TestBackend;
let victim = '';
const B = { id: '', email: 'fuzz-victim@example.com', access: '', refresh: '', factorId: '', totpSecret: '', meta: canary('metaB') };
const F = { id: '', email: 'fuzz-self@example.com', access: '', refresh: '', factorIds: [] as string[] };
let forged: Awaited<ReturnType<typeof forgedTokens>>;
let endedSession = '';

/** Sign up, confirm by hand (confirmations are on), sign in: a real session. */
async function account(email: string, password: string, data: Record<string, unknown>) {
  const s = await send(be, { method: 'POST', path: '/auth/v1/signup', body: { email, password, data } });
  if (s.status !== 200) throw new Error(`sign-up ${email}: ${s.status} ${s.text}`);
  await be.db.transaction((tx) => tx.query('update auth.users set email_confirmed_at = now() where email = $1', [email]));
  const t = await send(be, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email, password } });
  const j = t.json as { access_token: string; refresh_token: string; user: { id: string } };
  if (t.status !== 200) throw new Error(`sign-in ${email}: ${t.status} ${t.text}`);
  return { id: j.user.id, access: j.access_token, refresh: j.refresh_token };
}

beforeAll(async () => {
  const lifted = Object.fromEntries(['SIGN_IN_PER_IP', 'SIGN_IN_PER_EMAIL', 'SIGN_IN_PER_IP_EMAIL', 'SIGN_UP_PER_IP', 'VERIFY_PER_IP', 'RECOVER_PER_IP', 'TOKEN_REFRESH_PER_IP', 'EMAIL_SENT', 'MFA_VERIFY_PER_IP', 'MFA_VERIFY_PER_FACTOR'].map((k) => [`RATE_LIMIT_${k}`, '1000000']));
  be = await startTestBackend({
    ...lifted,
    SITE_URL: SITE,
    ADDITIONAL_REDIRECT_URLS: 'http://localhost:3001/**',
    OAUTH_PROVIDERS: 'github',
    OAUTH_GITHUB_AUTHORIZE_URL: `${PROVIDER}/authorize`,
    OAUTH_GITHUB_TOKEN_URL: `${PROVIDER}/token`,
    OAUTH_GITHUB_USERINFO_URL: `${PROVIDER}/user`,
    OAUTH_GITHUB_CLIENT_ID: 'fuzz-client',
    OAUTH_GITHUB_CLIENT_SECRET: 'fuzz-secret',
    SECURITY_MANUAL_LINKING_ENABLED: 'true',
  });
  Object.assign(B, await account(B.email, 'victim-password-1', { full_name: 'Victim', secret: B.meta }));
  Object.assign(F, await account(F.email, 'fuzzer-password-1', { full_name: 'Fuzzer' }));
  const enrol = await send(be, { method: 'POST', path: '/auth/v1/factors', bearer: B.access, body: { factor_type: 'totp', friendly_name: 'B phone' } });
  const factor = enrol.json as { id: string; totp: { secret: string } };
  B.factorId = factor.id;
  B.totpSecret = factor.totp.secret;
  forged = await forgedTokens(be, F.access, B);
  endedSession = await signJwt({ ...claimsOf(F.access), session_id: randomUUID() }, be.config.JWT_SECRET);
  await createVault(be);
  victim = await victimFingerprint(be, B.id, 0);
});

afterAll(async () => {
  console.log(summary('fuzz-auth', PROPERTIES));
  await be?.close();
});

// ── checks ────────────────────────────────────────────────────────────────────────────────────

function forbidden(): string[] {
  return [B.id, B.meta, B.refresh, B.totpSecret, B.access, '$argon2', be.config.JWT_SECRET, be.config.SERVICE_ROLE_KEY];
}

/** `adminRead`: the service_role key on the admin API, which may list B (fuzz-auth-admin.test.ts covers it). */
async function expectSafe(a: Answer, context: string, adminRead = false): Promise<void> {
  noteStatus(a.status);
  expect(a.status, `${context} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  expect(a.headers.get('x-supabase-api-version'), context).toBe('2024-01-01');
  const mayNotSee = adminRead ? forbidden().filter((f) => f !== B.id && f !== B.meta) : forbidden();
  assertNoLeak(`${a.text}\n${[...a.headers.entries()].join('\n')}`, mayNotSee, context);
  expect(await victimFingerprint(be, B.id, 0), `B changed after ${context}`).toBe(victim);
}

/** A redirect stays on SITE_URL or the allow-list. */
function expectSafeRedirect(a: Answer, context: string): void {
  const location = a.headers.get('location');
  if (a.status < 300 || a.status >= 400) return;
  expect(location, context).toBeTruthy();
  expect(ALLOWED_ORIGINS.has(new URL(location!).origin), `${context} redirected to ${location}`).toBe(true);
}

const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '');
const qs = (o: Record<string, string | undefined>) => Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => `${pct(k)}=${pct(v!)}`).join('&');

// ── vocabulary ────────────────────────────────────────────────────────────────────────────────

/**
 * The shared hostile strings plus NUL and the other control characters, anywhere in a string:
 * PostgreSQL's text and jsonb refuse NUL, so every auth body, key and query value must meet it.
 */
const controlString = fc.oneof(
  fc.constantFrom('\u0000', `a\u0000b`, '\u0000'.repeat(3), 'http://localhost:3000/\u0000', '\u0001\u0002\u001f\u007f', '\t\r\n\u000b\u000c', '\u0085\u2028\u2029'),
  fc.tuple(sharedHostileString, fc.constantFrom(...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'), sharedHostileString).map(([a, c, b]) => `${a}${c}${b}`),
);
const hostileString: fc.Arbitrary<string> = fc.oneof({ weight: 4, arbitrary: sharedHostileString }, { weight: 1, arbitrary: controlString });
/** A JSON value of any shape whose strings and keys may carry control characters. */
const hostileJson = jsonOf(hostileString);

let serial = 0;
const emailArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null).map(() => `new.${Date.now().toString(36)}.${serial++}@example.com`) },
  { weight: 2, arbitrary: fc.constantFrom(B.email, B.email.toUpperCase(), ` ${B.email} `, F.email, 'nobody@example.com') },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: hostileString.map((s) => `${s}@example.com`) },
  { weight: 1, arbitrary: fc.constantFrom('a@b', '@example.com', 'x@', 'a'.repeat(300) + '@example.com', 'ü@exämple.com', 'a@[127.0.0.1]', '"a b"@example.com', 'a+b@example.com') },
  { weight: 1, arbitrary: hostileJson },
);
const passwordArb = fc.oneof(fc.constantFrom('secret123', '12345', '', 'victim-password-2', 'password', 'x'.repeat(200)), hostileString, hostileJson);
const redirectArb = fc.oneof(
  fc.constantFrom('http://localhost:3000/welcome', 'http://localhost:3001/deep/path', 'https://evil.example/steal', '//evil.example', 'http://localhost:3000@evil.example/', 'http://evil.example#http://localhost:3000', 'javascript:alert(1)', 'http://localhost:3001.evil.example/', 'http://LOCALHOST:3000/', '/relative', 'http://localhost:3000\\@evil.example', 'data:text/html,x'),
  hostileString,
);
const challengeArb = fc.oneof(fc.constant(undefined), fc.constantFrom('a'.repeat(43), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'short'), hostileString);
const tokenArb = fc.oneof(hostileString, fc.uuid(), fc.stringMatching(/^[0-9a-f]{56}$/), fc.constantFrom('', 'null'));

const tokenKinds = () => {
  const b = forged.bearer;
  return fc.constantFrom<[string, string | null]>(
    ['none', null], ['anon key', be.config.ANON_KEY], ['service_role key', be.config.SERVICE_ROLE_KEY], ['ended session', endedSession],
    ['alg none', b.algNoneServiceRole], ['another key', b.anotherKey], ['service_role, signature kept', b.serviceRoleSignatureKept],
    ['sub of B, signature kept', b.subOfOtherSignatureKept], ['HS512', b.hs512ProjectKey], ['expired', b.expired], ['not yet valid', b.notYetValid], ['garbage', b.garbage],
  );
};

const bodyOf = (keys: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof({ weight: 5, arbitrary: fc.record(keys, { requiredKeys: [] }) }, { weight: 1, arbitrary: fc.dictionary(hostileString, hostileJson, { maxKeys: 4 }) }, { weight: 1, arbitrary: hostileJson });

// ── properties ────────────────────────────────────────────────────────────────────────────────

describe('/auth/v1 fuzzing', () => {
  it('POST /signup with any body: no 5xx, an existing address is never revealed', { timeout: timeoutFor('auth: signup') }, async () => {
    const wellFormed = fc.record(
      { email: emailArb, password: fc.stringMatching(/^[\x21-\x7e]{6,40}$/), data: fc.dictionary(hostileString, hostileJson, { maxKeys: 3 }), code_challenge: fc.constant('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), code_challenge_method: fc.constantFrom('s256', 'plain') },
      { requiredKeys: ['email', 'password'] },
    );
    const arb = fc.record({
      body: fc.oneof({ weight: 2, arbitrary: wellFormed }, { weight: 3, arbitrary: bodyOf({ email: emailArb, password: passwordArb, data: fc.oneof(hostileJson, fc.dictionary(hostileString, hostileJson, { maxKeys: 3 })), code_challenge: challengeArb, code_challenge_method: fc.oneof(fc.constantFrom('s256', 'S256', 'plain', 'md5'), hostileString), phone: fc.constantFrom(undefined, '+15555550100', ''), redirect_to: redirectArb }) }),
      redirect: fc.option(redirectArb, { nil: undefined }),
    });
    await check('auth: signup', arb, async ({ body, redirect }) => {
      const path = `/auth/v1/signup?${qs({ redirect_to: redirect })}`;
      const a = await send(be, { method: 'POST', path, body: JSON.stringify(body) ?? 'null', timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, `POST ${path} ${JSON.stringify(body)?.slice(0, 300)}`);
      if (a.status === 200) expect((a.json as { access_token?: string }).access_token, 'a session without a confirmed address').toBeUndefined();
    });
  });

  it('POST /token for every grant type with any body: no 5xx, never a session for made-up credentials', { timeout: timeoutFor('auth: token grants') }, async () => {
    const grant = fc.oneof(fc.constantFrom('password', 'refresh_token', 'pkce', 'id_token', 'authorization_code', 'web3', 'client_credentials', ''), hostileString);
    const arb = fc.record({
      grant,
      inBody: fc.boolean(),
      body: bodyOf({
        email: emailArb,
        password: passwordArb,
        phone: fc.constantFrom(undefined, '+15555550100'),
        refresh_token: fc.oneof(tokenArb, fc.constantFrom(F.refresh.slice(0, -1), `${F.refresh}x`, F.access, B.email)),
        auth_code: fc.oneof(tokenArb, fc.uuid()),
        code_verifier: fc.oneof(tokenArb, fc.constant('a'.repeat(43))),
        id_token: tokenArb,
        provider: hostileString,
        gotrue_meta_security: hostileJson,
      }),
    });
    await check('auth: token grants', arb, async ({ grant: g, inBody, body }) => {
      const b = inBody && body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object), grant_type: g } : body;
      const path = inBody ? '/auth/v1/token' : `/auth/v1/token?${qs({ grant_type: g })}`;
      const a = await send(be, { method: 'POST', path, body: JSON.stringify(b) ?? 'null', timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `POST ${path} ${JSON.stringify(b)?.slice(0, 300)}`;
      await expectSafe(a, context);
      expect(a.status, `made-up credentials got a session: ${context}`).not.toBe(200);
    });
  });

  it('recover, resend, verify (POST and the email link): no 5xx, no session for a made-up token, links land on allowed URLs only', { timeout: timeoutFor('auth: email flows') }, async () => {
    const type = fc.oneof(fc.constantFrom('signup', 'recovery', 'email_change', 'magiclink', 'invite', 'email', 'sms', 'phone_change'), hostileString);
    const arb = fc.oneof(
      fc.record({ kind: fc.constant('recover' as const), body: bodyOf({ email: emailArb, code_challenge: challengeArb, code_challenge_method: fc.constantFrom('s256', 'plain', 'x'), redirect_to: redirectArb }), redirect: fc.option(redirectArb, { nil: undefined }) }),
      fc.record({ kind: fc.constant('resend' as const), body: bodyOf({ type, email: emailArb, phone: fc.constantFrom(undefined, '+15555550100'), options: hostileJson }), redirect: fc.option(redirectArb, { nil: undefined }) }),
      fc.record({ kind: fc.constant('verify' as const), body: bodyOf({ type, token_hash: tokenArb, token: tokenArb, email: emailArb, redirect_to: redirectArb }), redirect: fc.constant(undefined) }),
      fc.record({ kind: fc.constant('link' as const), body: fc.record({ token: fc.option(tokenArb, { nil: undefined }), token_hash: fc.option(tokenArb, { nil: undefined }), type: fc.option(type, { nil: undefined }) }), redirect: fc.option(redirectArb, { nil: undefined }) }),
    );
    await check('auth: email flows', arb, async ({ kind, body, redirect }) => {
      if (kind === 'link') {
        const b = body as Record<string, string | undefined>;
        const path = `/auth/v1/verify?${qs({ ...b, redirect_to: redirect })}`;
        const a = await send(be, { path, timeoutMs: REQUEST_TIMEOUT_MS });
        await expectSafe(a, `GET ${path}`);
        expect(a.status, path).toBe(303);
        expectSafeRedirect(a, `GET ${path}`);
        expect(a.headers.get('location'), path).not.toContain('access_token=');
        return;
      }
      const path = `/auth/v1/${kind}?${qs({ redirect_to: redirect })}`;
      const a = await send(be, { method: 'POST', path, body: JSON.stringify(body) ?? 'null', timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `POST ${path} ${JSON.stringify(body)?.slice(0, 300)}`;
      await expectSafe(a, context);
      if (kind === 'verify') expect(a.status, `a made-up token verified: ${context}`).not.toBe(200);
      else if (a.status === 200) expect(a.json, context).toEqual({});
    });
  });

  it('GET/PUT /user with any token and body: no 5xx, forged tokens refused, B untouched', { timeout: timeoutFor('auth: user') }, async () => {
    const arb = fc.record({
      who: fc.oneof({ weight: 2, arbitrary: fc.constant<[string, string | null]>(['F', null]) }, { weight: 3, arbitrary: tokenKinds() }),
      put: fc.boolean(),
      body: bodyOf({
        email: fc.oneof(emailArb, fc.constant(B.email)),
        password: fc.oneof(passwordArb, fc.constant('fuzzer-password-1')),
        data: fc.oneof(fc.dictionary(hostileString, hostileJson, { maxKeys: 3 }), hostileJson),
        phone: fc.constantFrom(undefined, '', '+15555550100'),
        nonce: hostileString,
        app_metadata: hostileJson,
        role: fc.constantFrom('service_role', 'supabase_admin'),
        id: fc.constant(B.id),
      }),
      redirect: fc.option(redirectArb, { nil: undefined }),
    });
    await check('auth: user', arb, async ({ who: [label, token], put, body, redirect }) => {
      const bearer = label === 'F' ? F.access : token;
      const path = `/auth/v1/user?${qs({ redirect_to: redirect })}`;
      const a = await send(be, { method: put ? 'PUT' : 'GET', path, bearer, body: put ? JSON.stringify(body) ?? 'null' : undefined, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `${put ? 'PUT' : 'GET'} ${path} as ${label} ${put ? JSON.stringify(body)?.slice(0, 300) : ''}`;
      await expectSafe(a, context);
      if (label !== 'F') expect([401, 403], `${context} → ${a.status} ${a.text.slice(0, 200)}`).toContain(a.status);
      if (label === 'F' && a.status === 200) {
        const user = a.json as { id: string; role?: string; app_metadata?: Record<string, unknown> };
        expect(user.id, context).toBe(F.id);
        expect(user.role, context).toBe('authenticated');
        expect(user.app_metadata?.role, `app_metadata is not the user's to set: ${context}`).toBeUndefined();
      }
    });
  });

  it('MFA factors with any token, id and body: no 5xx, forged tokens refused, B\'s factor out of reach', { timeout: timeoutFor('auth: factors') }, async () => {
    const idArb = fc.oneof(fc.constant('B'), fc.constant('F'), fc.uuid(), hostileString);
    const arb = fc.record({
      who: fc.oneof({ weight: 3, arbitrary: fc.constant<[string, string | null]>(['F', null]) }, { weight: 2, arbitrary: tokenKinds() }),
      action: fc.constantFrom('enroll', 'challenge', 'verify', 'unenroll'),
      id: idArb,
      body: bodyOf({ factor_type: fc.oneof({ weight: 4, arbitrary: fc.constant('totp') }, { weight: 2, arbitrary: fc.constantFrom('phone', 'webauthn', 'TOTP') }, { weight: 1, arbitrary: hostileString }), friendly_name: hostileString, issuer: hostileString, phone: hostileString, channel: fc.constantFrom('sms', 'whatsapp', 'x'), challenge_id: fc.oneof(fc.uuid(), hostileString), code: fc.oneof(fc.stringMatching(/^\d{6}$/), hostileString) }),
    });
    await check('auth: factors', arb, async ({ who: [label, token], action, id, body }) => {
      const bearer = label === 'F' ? F.access : token;
      // An empty id would address another route (/factors/), which is not this property's subject.
      const factorId = (id === 'B' ? B.factorId : id === 'F' ? F.factorIds[F.factorIds.length - 1] ?? 'none' : id) || 'empty';
      const path = action === 'enroll' ? '/auth/v1/factors' : action === 'unenroll' ? `/auth/v1/factors/${segment(factorId)}` : `/auth/v1/factors/${segment(factorId)}/${action}`;
      const method = action === 'unenroll' ? 'DELETE' : 'POST';
      const a = await send(be, { method, path, bearer, body: method === 'POST' ? JSON.stringify(body) ?? 'null' : undefined, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `${method} ${path} as ${label} ${JSON.stringify(body)?.slice(0, 300)}`;
      await expectSafe(a, context);
      if (label !== 'F') expect([401, 403], `${context} → ${a.status}`).toContain(a.status);
      if (label === 'F' && id === 'B' && action !== 'enroll') expect([a.status, (a.json as { error_code?: string }).error_code], context).toEqual([404, 'mfa_factor_not_found']);
      if (label === 'F' && action === 'enroll' && a.status === 200) F.factorIds.push((a.json as { id: string }).id);
    });
  });

  it('POST /logout with forged tokens and any scope: never ends a session', { timeout: timeoutFor('auth: logout') }, async () => {
    const arb = fc.record({ who: tokenKinds(), scope: fc.option(fc.oneof(fc.constantFrom('global', 'local', 'others'), hostileString), { nil: undefined }) });
    await check('auth: logout', arb, async ({ who: [label, token], scope }) => {
      const path = `/auth/v1/logout?${qs({ scope })}`;
      const a = await send(be, { method: 'POST', path, bearer: token, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `POST ${path} as ${label}`;
      await expectSafe(a, context);
      expect([401, 403], `${context} → ${a.status} ${a.text.slice(0, 200)}`).toContain(a.status);
    });
    // F's and B's sessions survived.
    expect((await send(be, { path: '/auth/v1/user', bearer: F.access })).status).toBe(200);
  });

  it('/authorize and /callback with any query: no 5xx, the provider gets our callback URL, people land on allowed URLs only', { timeout: timeoutFor('auth: redirects') }, async () => {
    const arb = fc.record({
      kind: fc.constantFrom('authorize', 'callback', 'authorize+callback', 'link identity'),
      provider: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('github', 'GitHub') }, { weight: 1, arbitrary: fc.constantFrom('google', '') }, { weight: 1, arbitrary: hostileString }),
      redirect: fc.option(redirectArb, { nil: undefined }),
      scopes: fc.option(hostileString, { nil: undefined }),
      challenge: challengeArb,
      method: fc.option(fc.constantFrom('s256', 'plain', 'x'), { nil: undefined }),
      skip: fc.option(fc.constantFrom('true', 'false', 'x'), { nil: undefined }),
      state: fc.option(hostileString, { nil: undefined }),
      code: fc.option(hostileString, { nil: undefined }),
      error: fc.option(hostileString, { nil: undefined }),
      post: fc.boolean(),
    });
    await check('auth: redirects', arb, async (r) => {
      const authorizeQuery = qs({ provider: r.provider, redirect_to: r.redirect, scopes: r.scopes, code_challenge: r.challenge, code_challenge_method: r.method, skip_http_redirect: r.skip });
      if (r.kind === 'authorize' || r.kind === 'authorize+callback' || r.kind === 'link identity') {
        const path = `/auth/v1/${r.kind === 'link identity' ? 'user/identities/authorize' : 'authorize'}?${authorizeQuery}`;
        const a = await send(be, { path, bearer: r.kind === 'link identity' ? F.access : null, timeoutMs: REQUEST_TIMEOUT_MS });
        await expectSafe(a, `GET ${path}`);
        const target = a.status === 302 ? a.headers.get('location') : a.status === 200 ? (a.json as { url?: string }).url : undefined;
        if (!target) return;
        const url = new URL(target);
        expect(`${url.origin}${url.pathname}`, path).toBe(`${PROVIDER}/authorize`);
        expect(url.searchParams.get('redirect_uri'), path).toBe(`${be.config.API_EXTERNAL_URL}/auth/v1/callback`);
        if (r.kind !== 'authorize+callback') return;
        // Come back from the provider with the real state: the code exchange fails (no provider
        // listens), and the person must still land on an allowed URL.
        const back = `/auth/v1/callback?${qs({ state: url.searchParams.get('state') ?? '', code: r.code ?? 'x', error: r.error })}`;
        const c = await send(be, { path: back, timeoutMs: REQUEST_TIMEOUT_MS });
        await expectSafe(c, `GET ${back} after ${path}`);
        expect(c.status, back).toBe(303);
        expectSafeRedirect(c, `GET ${back} after ${path}`);
        return;
      }
      const params = { state: r.state, code: r.code, error: r.error, error_description: r.scopes };
      const path = r.post ? '/auth/v1/callback' : `/auth/v1/callback?${qs(params)}`;
      const a = await send(be, r.post ? { method: 'POST', path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: qs(params), timeoutMs: REQUEST_TIMEOUT_MS } : { path, timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, `${r.post ? 'POST' : 'GET'} ${path} ${r.post ? qs(params) : ''}`);
      expect(a.status, path).toBe(303);
      expectSafeRedirect(a, path);
    });
  });

  it('any path, method and content type under /auth/v1: no 5xx, the API version header on every answer', { timeout: timeoutFor('auth: any path') }, async () => {
    const segmentArb = fc.oneof(fc.constantFrom('signup', 'token', 'user', 'factors', 'admin', 'users', 'identities', 'authorize', 'callback', 'verify', 'recover', 'resend', 'otp', 'magiclink', 'sso', 'settings', 'health', '.well-known', 'jwks.json', 'logout', 'invite', 'reauthenticate'), hostileString.map(segment));
    const arb = fc.record({
      who: tokenKinds(),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
      segments: fc.array(segmentArb, { minLength: 1, maxLength: 3 }),
      contentType: fc.oneof(fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', ''), hostileString.map(ascii)),
      body: fc.oneof(hostileJson.map((v) => JSON.stringify(v) ?? 'null'), hostileString, fc.constantFrom('{', 'a=1&b=2', '{"email":', '[]')),
    });
    await check('auth: any path', arb, async ({ who: [label, token], method, segments, contentType, body }) => {
      const path = `/auth/v1/${segments.join('/')}`;
      const withBody = method !== 'GET' && method !== 'HEAD';
      const a = await send(be, { method, path, bearer: token, headers: withBody ? { 'content-type': contentType } : {}, body: withBody ? body : undefined, timeoutMs: REQUEST_TIMEOUT_MS });
      await expectSafe(a, `${method} ${path} as ${label} (${contentType}) ${withBody ? body.slice(0, 200) : ''}`, label === 'service_role key' && segments[0] === 'admin');
    });
    expect((await send(be, { path: '/health' })).status).toBe(200);
  });
});
