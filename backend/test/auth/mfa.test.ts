/** MFA with TOTP through supabase-js: enrol, challenge, verify (±1 step), aal2 in the token, unenroll. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../src/auth/totp';
import { startTestBackend, type TestBackend } from '../harness';
import { call, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
});
afterAll(async () => {
  await be?.close();
});

const now = () => be.app.services.now();
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('MFA (TOTP)', () => {
  it('enrols, challenges, verifies to aal2, requires aal2 for sensitive changes, unenrols', async () => {
    const client = makeClient(be);
    const email = uniqueEmail('mfa').toLowerCase();
    await client.auth.signUp({ email, password: 'secret123' });

    const enrol = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app', issuer: 'Need40' });
    expect(enrol.error).toBeNull();
    const factor = enrol.data!;
    expect(factor.type).toBe('totp');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Need40:/);
    const secret = factor.totp.secret;

    let aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: '000000' === totpAt(secret, now()) ? '111111' : '000000' });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);

    // The code of the previous 30 s step is still accepted (±1 step).
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const ok = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totpAt(secret, now() - 30_000) });
    expect(ok.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const session = (await client.auth.getSession()).data.session!;
    const claims = claimsOf(session.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a: { method: string }) => a.method)).toEqual(expect.arrayContaining(['password', 'totp']));
    aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // Refreshing keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');

    // A fresh password sign-in is aal1 with aal2 available; it may not change the password or enrol.
    const other = makeClient(be);
    await other.auth.signInWithPassword({ email, password: 'secret123' });
    const aal1 = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal1.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const change = await other.auth.updateUser({ password: 'another-secret' });
    expect(change.error?.code).toBe('insufficient_aal');
    const second = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' });
    expect(second.error?.code).toBe('insufficient_aal');
    const unenrolAal1 = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolAal1.error?.code).toBe('insufficient_aal');

    // At aal2 the password may change; then unenrol.
    expect((await client.auth.updateUser({ password: 'another-secret' })).error).toBeNull();
    const un = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(un.error).toBeNull();
    const { data: u } = await client.auth.getUser();
    expect(u.user?.factors ?? []).toHaveLength(0);
  });

  it('expired challenge, unknown factor, phone and webauthn factors', async () => {
    const email = uniqueEmail('mfa2').toLowerCase();
    const s = await call(be, 'POST', '/signup', { email, password: 'secret123' });
    const token = String(s.body.access_token);
    const enrol = await call(be, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'a' }, token);
    expect(enrol.status).toBe(200);
    const id = String(enrol.body.id);
    const dup = await call(be, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'a' }, token);
    expect(dup).toMatchObject({ status: 422, body: { error_code: 'mfa_factor_name_conflict' } });
    const ch = await call(be, 'POST', `/factors/${id}/challenge`, {}, token);
    expect(typeof ch.body.expires_at).toBe('number');
    be.advanceClock(301_000);
    const secret = String((enrol.body.totp as { secret: string }).secret);
    const late = await call(be, 'POST', `/factors/${id}/verify`, { challenge_id: ch.body.id, code: totpAt(secret, now()) }, token);
    expect(late).toMatchObject({ status: 422, body: { error_code: 'mfa_challenge_expired' } });

    const cases = [
      { name: 'unknown factor', path: '/factors/00000000-0000-0000-0000-000000000000/challenge', body: {}, status: 404, code: 'mfa_factor_not_found' },
      { name: 'phone factor', path: '/factors', body: { factor_type: 'phone', phone: '+15555550100' }, status: 422, code: 'mfa_phone_enroll_not_enabled' },
      { name: 'webauthn factor', path: '/factors', body: { factor_type: 'webauthn' }, status: 422, code: 'mfa_webauthn_enroll_not_enabled' },
      { name: 'two steps off', path: `/factors/${id}/verify`, body: 'two-steps', status: 422, code: 'mfa_verification_failed' },
    ];
    for (const c of cases) {
      let body: unknown = c.body;
      if (c.body === 'two-steps') {
        const fresh = await call(be, 'POST', `/factors/${id}/challenge`, {}, token);
        body = { challenge_id: fresh.body.id, code: totpAt(secret, now() - 90_000) };
      }
      const res = await call(be, 'POST', c.path, body, token);
      expect({ name: c.name, status: res.status, code: res.body.error_code }).toEqual({ name: c.name, status: c.status, code: c.code });
    }
  });
});

describe('enrolling with an ended session', () => {
  it('is refused as an ended session (403 session_not_found) even when the body is malformed', async () => {
    const client = makeClient(be);
    await client.auth.signUp({ email: uniqueEmail('mfa-ended').toLowerCase(), password: 'secret123' });
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect((await call(be, 'POST', '/logout', undefined, token)).status).toBe(204);
    // Found by `pnpm fuzz`: the NUL check of the body answered 400 before the session was checked.
    for (const body of [{ factor_type: 'totp', friendly_name: '\u0000' }, { factor_type: 'totp' }]) {
      const res = await call(be, 'POST', '/factors', body, token);
      expect(res).toMatchObject({ status: 403, body: { error_code: 'session_not_found' } });
    }
  });
});
