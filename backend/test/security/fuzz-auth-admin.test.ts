/**
 * Property-based fuzzing (fast-check, real HTTP) of the admin API (/admin/users…, generate_link,
 * /invite, factors, audit) with every kind of token, and of passwordless email (/otp, /magiclink,
 * POST /verify with email codes and token hashes) with any body.
 *
 * For every case: no 5xx, the API version header, no password hash, key or secret in the answer,
 * and victim B (never named by the admin cases) unchanged. Only the service_role key gets past the
 * admin guard — every other token answers 401/403 and leaves no audit entry; made-up codes and
 * token hashes never verify.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { REQUEST_TIMEOUT_MS, assertNoLeak, canary, check, createVault, hostileJson, hostileString, noteStatus, pct, segment, summary, timeoutFor, victimFingerprint, type PropertyName } from './fuzz-support';
import { forgedTokens, send, type Answer } from './helpers';

const PROPERTIES: PropertyName[] = ['auth: admin', 'auth: passwordless'];
let be: TestBackend;
let victim = '';
const B = { id: '', email: 'fuzz-admin-victim@example.com', access: '', refresh: '', meta: canary('metaB') };
let forged: Awaited<ReturnType<typeof forgedTokens>>;
const targets: string[] = [];

beforeAll(async () => {
  const lifted = Object.fromEntries(['SIGN_UP_PER_IP', 'VERIFY_PER_IP', 'EMAIL_SENT', 'OTP_PER_IP'].map((k) => [`RATE_LIMIT_${k}`, '1000000']));
  be = await startTestBackend({ ...lifted, MAILER_AUTOCONFIRM: 'true' });
  const s = await send(be, { method: 'POST', path: '/auth/v1/signup', body: { email: B.email, password: 'victim-password-1', data: { secret: B.meta } } });
  const j = s.json as { access_token: string; refresh_token: string; user: { id: string } };
  Object.assign(B, { id: j.user.id, access: j.access_token, refresh: j.refresh_token });
  forged = await forgedTokens(be, B.access, B);
  // Accounts the admin cases may change or delete.
  for (let i = 0; i < 3; i++) {
    const t = await send(be, { method: 'POST', path: '/auth/v1/signup', body: { email: `fuzz-target-${i}@example.com`, password: 'target-password-1' } });
    targets.push((t.json as { user: { id: string } }).user.id);
  }
  await createVault(be);
  victim = await victimFingerprint(be, B.id, 0);
});

afterAll(async () => {
  console.log(summary('fuzz-auth-admin', PROPERTIES));
  await be?.close();
});

async function expectSafe(a: Answer, context: string, mayReadB: boolean): Promise<void> {
  noteStatus(a.status);
  expect(a.status, `${context} → ${a.status} ${a.text.slice(0, 300)}`).toBeLessThan(500);
  expect(a.headers.get('x-supabase-api-version'), context).toBe('2024-01-01');
  // The service_role key may list B; nobody may learn B's tokens, a password hash or a secret.
  const forbidden = [B.refresh, B.access, '$argon2', be.config.JWT_SECRET, ...(mayReadB ? [] : [B.id, B.meta])];
  assertNoLeak(`${a.text}\n${[...a.headers.entries()].join('\n')}`, forbidden, context);
  expect(await victimFingerprint(be, B.id, 0), `B changed after ${context}`).toBe(victim);
}

const bodyOf = (keys: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof({ weight: 5, arbitrary: fc.record(keys, { requiredKeys: [] }) }, { weight: 1, arbitrary: fc.dictionary(hostileString, hostileJson, { maxKeys: 4 }) }, { weight: 1, arbitrary: hostileJson });
let serial = 0;
const freshEmail = fc.constant(null).map(() => `admin-fuzz.${Date.now().toString(36)}.${serial++}@example.com`);
const emailArb = fc.oneof({ weight: 3, arbitrary: freshEmail }, { weight: 1, arbitrary: fc.constantFrom('fuzz-target-0@example.com', 'fuzz-target-1@example.com') }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: hostileJson });

describe('fuzzing the admin API and passwordless email', () => {
  it('admin endpoints with any token, id and body: only the service_role key gets in, no 5xx, B untouched', { timeout: timeoutFor('auth: admin') }, async () => {
    const b = forged.bearer;
    const who = fc.oneof(
      { weight: 4, arbitrary: fc.constant<[string, string | null]>(['service_role key', be.config.SERVICE_ROLE_KEY]) },
      { weight: 3, arbitrary: fc.constantFrom<[string, string | null]>(['none', null], ['anon key', be.config.ANON_KEY], ['B', B.access], ['alg none', b.algNoneServiceRole], ['service_role, signature kept', b.serviceRoleSignatureKept], ['HS512', b.hs512ProjectKey], ['RS256 over HMAC', b.rs256HeaderOverHmac], ['kid/jku', b.attackerKidJku], ['expired', b.expired]) },
    );
    const idArb = fc.oneof(fc.constantFrom(...targets), fc.uuid(), hostileString.map(segment));
    const userBody = bodyOf({
      email: emailArb, password: fc.oneof(fc.constantFrom('admin-set-1', '1', ''), hostileString, hostileJson), password_hash: fc.oneof(fc.constant('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'), hostileString),
      email_confirm: fc.oneof(fc.boolean(), hostileJson), user_metadata: hostileJson, app_metadata: hostileJson, role: fc.oneof(fc.constantFrom('authenticated', 'service_role', 'postgres'), hostileString),
      ban_duration: fc.oneof(fc.constantFrom('none', '24h', '1h30m', '0.5s', '99999999999h', '1x', ''), hostileString), id: fc.oneof(fc.uuid(), hostileString), phone: fc.constantFrom(undefined, '+15555550100'),
      should_soft_delete: fc.oneof(fc.boolean(), hostileJson),
    });
    const linkBody = bodyOf({ type: fc.oneof(fc.constantFrom('signup', 'magiclink', 'recovery', 'invite', 'email_change_current', 'email_change_new'), hostileString), email: emailArb, new_email: emailArb, password: fc.constantFrom('link-password-1', '1'), data: hostileJson, redirect_to: hostileString });
    const arb = fc.record({
      who,
      call: fc.oneof(
        fc.record({ method: fc.constant('GET'), path: fc.tuple(fc.option(fc.oneof(fc.nat(), hostileString), { nil: undefined }), fc.option(fc.oneof(fc.nat(), hostileString), { nil: undefined }), fc.option(hostileString, { nil: undefined })).map(([page, per, filter]) => `/auth/v1/admin/users?${[page !== undefined ? `page=${pct(String(page))}` : '', per !== undefined ? `per_page=${pct(String(per))}` : '', filter !== undefined ? `filter=${pct(filter)}` : ''].filter(Boolean).join('&')}`), body: fc.constant(undefined) }),
        fc.record({ method: fc.constant('POST'), path: fc.constant('/auth/v1/admin/users'), body: userBody }),
        fc.record({ method: fc.constantFrom('GET', 'PUT', 'DELETE'), path: idArb.map((id) => `/auth/v1/admin/users/${id}`), body: userBody }),
        fc.record({ method: fc.constantFrom('GET', 'DELETE'), path: fc.tuple(idArb, fc.oneof(fc.uuid(), hostileString.map(segment))).map(([id, f]) => `/auth/v1/admin/users/${id}/factors${f ? `/${f}` : ''}`), body: fc.constant(undefined) }),
        fc.record({ method: fc.constant('POST'), path: fc.constantFrom('/auth/v1/admin/generate_link', '/auth/v1/invite'), body: linkBody }),
        fc.record({ method: fc.constant('GET'), path: fc.constantFrom('/auth/v1/admin/audit', '/auth/v1/admin/audit?page=2&per_page=3', '/auth/v1/admin/sso/providers'), body: fc.constant(undefined) }),
      ),
    });
    await check('auth: admin', arb, async ({ who: [label, token], call }) => {
      const auditBefore = await auditCount();
      const body = call.body === undefined || call.method === 'GET' ? undefined : JSON.stringify(call.body) ?? 'null';
      const a = await send(be, { method: call.method, path: call.path, bearer: token, body, timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `${call.method} ${call.path} as ${label} ${body?.slice(0, 300) ?? ''}`;
      await expectSafe(a, context, label === 'service_role key');
      if (label !== 'service_role key') {
        expect([401, 403], `${context} → ${a.status} ${a.text.slice(0, 200)}`).toContain(a.status);
        expect(await auditCount(), `a refused admin call was audited: ${context}`).toBe(auditBefore);
      }
    });
  });

  it('/otp, /magiclink and POST /verify with any body: no 5xx, made-up codes and token hashes never verify', { timeout: timeoutFor('auth: passwordless') }, async () => {
    const type = fc.oneof(fc.constantFrom('email', 'magiclink', 'signup', 'invite', 'recovery', 'email_change', 'sms'), hostileString);
    const arb = fc.oneof(
      fc.record({ path: fc.constantFrom('/auth/v1/otp', '/auth/v1/magiclink'), body: bodyOf({ email: fc.oneof(emailArb, fc.constant(B.email)), create_user: fc.oneof(fc.boolean(), hostileJson), data: hostileJson, phone: fc.constantFrom(undefined, '+15555550100'), code_challenge: hostileString, code_challenge_method: fc.constantFrom('s256', 'plain', 'x') }) }),
      fc.record({ path: fc.constant('/auth/v1/verify'), body: bodyOf({ email: fc.oneof(emailArb, fc.constant(B.email)), token: fc.oneof(fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')), hostileString), token_hash: hostileString, type, phone: fc.constantFrom(undefined, '+15555550100') }) }),
    );
    await check('auth: passwordless', arb, async ({ path, body }) => {
      const a = await send(be, { method: 'POST', path, body: JSON.stringify(body) ?? 'null', timeoutMs: REQUEST_TIMEOUT_MS });
      const context = `POST ${path} ${JSON.stringify(body)?.slice(0, 300)}`;
      await expectSafe(a, context, false);
      if (path.endsWith('/verify')) expect(a.status, `a made-up code or token verified: ${context}`).not.toBe(200);
      else if (a.status === 200) expect(a.json, context).toEqual({});
    });
  });
});

async function auditCount(): Promise<number> {
  const { rows } = await be.db.transaction((tx) => tx.query<{ n: number }>('select count(*)::int as n from auth.audit_log_entries'));
  return Number(rows[0]!.n);
}
