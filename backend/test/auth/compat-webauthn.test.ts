/**
 * WebAuthn MFA factors through supabase-js's mfa API (enroll → challenge → verify), answered by a
 * software authenticator: registration ("none" attestation) on the first verify, assertions after,
 * each ending at aal2 with mfa/webauthn in amr. Every lie a client can tell (challenge, origin,
 * RP id, key, counter, another user's factor, a replayed or expired challenge, malformed
 * credentials) gets GoTrue's 4xx. Off by default (MFA_WEB_AUTHN_ENROLL_ENABLED / _VERIFY_ENABLED).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, makeClient, uniqueEmail } from './helpers';
import { asCredential, SoftAuthenticator, type Lies } from './soft-authenticator';

const ORIGIN = 'http://localhost:3000';
let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', MFA_WEB_AUTHN_ENROLL_ENABLED: 'true', MFA_WEB_AUTHN_VERIFY_ENABLED: 'true', RATE_LIMIT_MFA_VERIFY_PER_IP: '1000' });
});
afterAll(async () => {
  await be?.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;
type Options = { challenge: ArrayBuffer; rp?: { id: string; name: string }; allowCredentials?: { id: ArrayBuffer }[] };

async function signUp() {
  const email = uniqueEmail('webauthn').toLowerCase();
  const client = makeClient(be);
  expect((await client.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
  return { client, email };
}

/** One challenge and one answer from the authenticator through auth-js; returns verify's result. */
async function ceremony(client: SupabaseClient, factorId: string, key: SoftAuthenticator, lies: Lies = {}) {
  const ch = await client.auth.mfa.challenge({ factorId });
  expect(ch.error).toBeNull();
  const data = ch.data as unknown as { id: string; webauthn: { type: 'create' | 'request'; credential_options: { publicKey: Options } } };
  const options = data.webauthn.credential_options.publicKey;
  const json = data.webauthn.type === 'create' ? key.create(options, lies) : key.get(options, lies);
  const verify = await client.auth.mfa.verify({ factorId, challengeId: data.id, webauthn: { type: data.webauthn.type, credential_response: asCredential(json) } } as never);
  return { ...verify, challenge: data, json };
}

async function enrolled() {
  const user = await signUp();
  const factor = await user.client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' } as never);
  expect(factor.error).toBeNull();
  const key = new SoftAuthenticator(ORIGIN, 'localhost');
  const first = await ceremony(user.client, factor.data!.id, key);
  expect(first.error).toBeNull();
  return { ...user, factorId: factor.data!.id, key };
}

describe('WebAuthn factors (supabase-js mfa)', () => {
  it('enrolls, registers on the first verify, asserts on a later sign-in, both at aal2', async () => {
    const { client, email } = await signUp();
    const enroll = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'laptop key' } as never);
    expect(enroll.error).toBeNull();
    expect(enroll.data).toMatchObject({ type: 'webauthn', friendly_name: 'laptop key' });
    const factorId = enroll.data!.id;
    const key = new SoftAuthenticator(ORIGIN, 'localhost');

    const reg = await ceremony(client, factorId, key);
    expect(reg.challenge.webauthn.type).toBe('create');
    const publicKey = reg.challenge.webauthn.credential_options.publicKey;
    expect(publicKey.rp).toEqual({ id: 'localhost', name: 'localhost' });
    expect(reg.error).toBeNull();
    let claims = claimsOf(await tokenOf(client));
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a: { method: string }) => a.method)).toEqual(expect.arrayContaining(['password', 'mfa/webauthn']));
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.webauthn.map((f) => f.id)).toEqual([factorId]);
    expect(JSON.stringify(listed.data)).not.toContain(key.id);

    const other = makeClient(be);
    await other.auth.signInWithPassword({ email, password: 'secret123' });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const login = await ceremony(other, factorId, key);
    expect(login.challenge.webauthn.type).toBe('request');
    expect(login.error).toBeNull();
    claims = claimsOf(await tokenOf(other));
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a: { method: string }) => a.method)).toContain('mfa/webauthn');

    // The challenge just answered cannot be answered again.
    const again = await other.auth.mfa.verify({ factorId, challengeId: login.challenge.id, webauthn: { type: 'request', credential_response: asCredential(login.json) } } as never);
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });

    // At aal2 the factor can go; the sessions it raised fall back to aal1.
    expect((await other.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
  });

  it('refuses every lie with 422 mfa_verification_failed and counts it against the challenge', async () => {
    const { client, factorId, key } = await enrolled();
    key.counter = 10;
    expect((await ceremony(client, factorId, key)).error).toBeNull();
    const lies: [string, Lies | 'counter'][] = [
      ['another challenge', { challenge: Buffer.alloc(32, 7).toString('base64url') }],
      ['another origin', { origin: 'https://evil.example' }],
      ['another RP id', { rpId: 'evil.example' }],
      ['another key', { otherKey: true }],
      ['a registration answer type', { type: 'webauthn.create' }],
      ['a counter that went back', 'counter'],
    ];
    for (const [name, lie] of lies) {
      if (lie === 'counter') key.counter = 3; // the server saw 11
      const res = await ceremony(client, factorId, key, lie === 'counter' ? {} : lie);
      expect({ name, status: res.error?.status, code: res.error?.code }).toEqual({ name, status: 422, code: 'mfa_verification_failed' });
    }
  });

  it("answers 404 for another user's factor, 422 for an expired challenge, 400 for malformed answers", async () => {
    const alice = await enrolled();
    const bob = await signUp();
    const bobToken = await tokenOf(bob.client);
    expect(await call(be, 'POST', `/factors/${alice.factorId}/challenge`, {}, bobToken)).toMatchObject({ status: 404, body: { error_code: 'mfa_factor_not_found' } });
    const ch = await call(be, 'POST', `/factors/${alice.factorId}/challenge`, {}, await tokenOf(alice.client));
    const stolen = { challenge_id: ch.body.id, webauthn: { type: 'request', credential_response: alice.key.get({ challenge: 'x' }) } };
    expect(await call(be, 'POST', `/factors/${alice.factorId}/verify`, stolen, bobToken)).toMatchObject({ status: 404, body: { error_code: 'mfa_factor_not_found' } });

    const token = await tokenOf(alice.client);
    const fresh = await call(be, 'POST', `/factors/${alice.factorId}/challenge`, {}, token);
    const publicKey = (fresh.body.webauthn as { credential_options: { publicKey: { challenge: string } } }).credential_options.publicKey;
    const good = alice.key.get(publicKey);
    const bad: [string, unknown, string][] = [
      ['no webauthn', { challenge_id: fresh.body.id, code: '123456' }, 'WebAuthn config required'],
      ['unknown type', { challenge_id: fresh.body.id, webauthn: { type: 'get', credential_response: good } }, 'WebAuthn type must be create or request'],
      ['no credential', { challenge_id: fresh.body.id, webauthn: { type: 'request' } }, 'credential_response required'],
      ['not base64url', { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: { ...good, response: { ...good.response, signature: '%%%' } } } }, 'Invalid credential_response'],
      ['oversized', { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: { ...good, response: { ...good.response, authenticatorData: 'A'.repeat(20_000) } } } }, 'Invalid credential_response'],
      ['an array', { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: [good] } }, 'Invalid credential_response'],
      ['rawId is not id', { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: { ...good, rawId: 'AAAA' } } }, 'Invalid credential_response'],
    ];
    for (const [name, body, msg] of bad) {
      const res = await call(be, 'POST', `/factors/${alice.factorId}/verify`, body, token);
      expect({ name, status: res.status, code: res.body.error_code, msg: res.body.msg }).toEqual({ name, status: 400, code: 'validation_failed', msg });
    }
    // Another user's handle on a genuine signature, hostile CBOR and garbage bytes in well-formed
    // base64url fail the verification (counted against the challenge), never the server.
    const handle = { ...good, response: { ...good.response, userHandle: Buffer.alloc(16, 1).toString('base64url') } };
    const foreign = await call(be, 'POST', `/factors/${alice.factorId}/verify`, { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: handle } }, token);
    expect(foreign).toMatchObject({ status: 422, body: { error_code: 'mfa_verification_failed' } });
    const hostile = { ...good, response: { ...good.response, authenticatorData: Buffer.from([0x9f, 0x9f, 0x9f, 0xff]).toString('base64url'), clientDataJSON: 'AAAA' } };
    const res = await call(be, 'POST', `/factors/${alice.factorId}/verify`, { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: hostile } }, token);
    expect(res).toMatchObject({ status: 422, body: { error_code: 'mfa_verification_failed' } });

    be.advanceClock(301_000);
    const late = await call(be, 'POST', `/factors/${alice.factorId}/verify`, { challenge_id: fresh.body.id, webauthn: { type: 'request', credential_response: good } }, token);
    expect(late).toMatchObject({ status: 422, body: { error_code: 'mfa_challenge_expired' } });
  });

  it('does not register one authenticator twice, and the admin API lists and deletes webauthn factors', async () => {
    const { client, factorId, key } = await enrolled();
    const second = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'same key' } as never);
    const ch = await ceremony(client, second.data!.id, key);
    expect(ch.challenge.webauthn.credential_options.publicKey).toMatchObject({ excludeCredentials: [expect.objectContaining({ type: 'public-key' })] });
    expect(ch.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const userId = claimsOf(await tokenOf(client)).sub;
    const admin = be.config.SERVICE_ROLE_KEY;
    const listed = await call(be, 'GET', `/admin/users/${userId}/factors`, undefined, admin);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'verified' })]));
    expect(JSON.stringify(listed.body)).not.toContain(key.id);
    expect((await call(be, 'DELETE', `/admin/users/${userId}/factors/${factorId}`, undefined, admin)).status).toBe(200);
    const after = await client.auth.refreshSession();
    const claims = claimsOf(after.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((a: { method: string }) => a.method)).not.toContain('mfa/webauthn');
  });

  it("keeps the credential and the ceremony out of the API roles' reach (they read id, user_id, status only)", async () => {
    await enrolled();
    const as = (sql: string) =>
      be.db.transaction(async (tx) => {
        await tx.query('set local role authenticated');
        return (await tx.query(sql)).rows.length;
      });
    expect(await as("select id, user_id, status from auth.mfa_factors where status = 'verified'")).toBeGreaterThan(0);
    await expect(as('select web_authn_credential from auth.mfa_factors')).rejects.toThrow(/permission denied/);
    await expect(as('select web_authn_session_data from auth.mfa_challenges')).rejects.toThrow(/permission denied/);
  });

  it('answers 422 mfa_webauthn_verify_not_enabled when verification is switched off', async () => {
    const { client, factorId, key } = await enrolled();
    be.config.MFA_WEB_AUTHN_VERIFY_ENABLED = false;
    try {
      const ch = await client.auth.mfa.challenge({ factorId });
      expect(ch.error).toMatchObject({ status: 422, code: 'mfa_webauthn_verify_not_enabled' });
      const res = await call(be, 'POST', `/factors/${factorId}/verify`, { challenge_id: factorId, webauthn: { type: 'request', credential_response: key.get({ challenge: 'x' }) } }, await tokenOf(client));
      expect(res).toMatchObject({ status: 422, body: { error_code: 'mfa_webauthn_verify_not_enabled' } });
    } finally {
      be.config.MFA_WEB_AUTHN_VERIFY_ENABLED = true;
    }
  });
});
