/**
 * Passkeys through supabase-js's auth.passkey API (the wire calls signInWithPasskey and
 * registerPasskey make, minus the browser prompt), answered by a software authenticator:
 * register, list, rename, sign in with no address (discoverable), delete; the admin's list and
 * delete. Every lie and misuse gets GoTrue's 4xx; off by default (PASSKEY_ENABLED) → 404 passkey_disabled.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, makeClient, uniqueEmail } from './helpers';
import { SoftAuthenticator, type Lies } from './soft-authenticator';

const ORIGIN = 'http://localhost:3000';
let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', PASSKEY_ENABLED: 'true', RATE_LIMIT_PASSKEY: '1000' });
});
afterAll(async () => {
  await be?.close();
});

type Options = { challenge: string; user?: { id: string }; allowCredentials?: unknown[]; authenticatorSelection?: { residentKey?: string } };
type Started = { challenge_id: string; options: Options; expires_at: number };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;

async function signUp() {
  const email = uniqueEmail('passkey').toLowerCase();
  const client = makeClient(be);
  expect((await client.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
  return { client, email };
}

async function register(client: SupabaseClient, key: SoftAuthenticator, lies: Lies = {}) {
  const start = await client.auth.passkey.startRegistration();
  expect(start.error).toBeNull();
  const started = start.data as unknown as Started;
  return { started, ...(await client.auth.passkey.verifyRegistration({ challengeId: started.challenge_id, credential: key.create(started.options, lies) } as never)) };
}

async function signIn(key: SoftAuthenticator, lies: Lies = {}) {
  const client = makeClient(be);
  const start = await client.auth.passkey.startAuthentication();
  expect(start.error).toBeNull();
  const started = start.data as unknown as Started;
  const credential = key.get(started.options, lies);
  return { client, started, credential, ...(await client.auth.passkey.verifyAuthentication({ challengeId: started.challenge_id, credential } as never)) };
}

describe('passkeys (supabase-js auth.passkey)', () => {
  it('registers a discoverable passkey, lists and renames it, signs in with it alone, deletes it', async () => {
    const { client, email } = await signUp();
    const key = new SoftAuthenticator(ORIGIN, 'localhost');
    const reg = await register(client, key);
    expect(reg.started.options.authenticatorSelection?.residentKey).toBe('required');
    expect(reg.error).toBeNull();
    const passkeyId = (reg.data as unknown as { id: string }).id;
    const listed = await client.auth.passkey.list();
    expect(listed.data).toEqual([expect.objectContaining({ id: passkeyId })]);
    expect(JSON.stringify(listed.data)).not.toContain(key.id);
    const renamed = await client.auth.passkey.update({ passkeyId, friendlyName: 'Laptop' } as never);
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'Laptop' });

    const signedIn = await signIn(key);
    expect(signedIn.started.options.allowCredentials ?? []).toEqual([]);
    expect(signedIn.error).toBeNull();
    const claims = claimsOf(await tokenOf(signedIn.client));
    expect(claims).toMatchObject({ email, aal: 'aal1' });
    expect(claims.amr.map((a: { method: string }) => a.method)).toEqual(['passkey']);
    expect((await signedIn.client.auth.getUser()).data.user?.email).toBe(email);

    // The ceremony just answered cannot be answered again.
    const again = await signedIn.client.auth.passkey.verifyAuthentication({ challengeId: signedIn.started.challenge_id, credential: signedIn.credential } as never);
    expect(again.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });

    expect((await client.auth.passkey.delete({ passkeyId } as never)).error).toBeNull();
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
  });

  it('refuses lies, replays, a stale ceremony, a cloned key, a second registration and another user\'s passkey', async () => {
    const { client } = await signUp();
    const key = new SoftAuthenticator(ORIGIN, 'localhost');
    const passkeyId = ((await register(client, key)).data as unknown as { id: string }).id;
    key.counter = 10;
    expect((await signIn(key)).error).toBeNull();

    const lies: [string, Lies][] = [
      ['another origin', { origin: 'https://evil.example' }],
      ['another RP id', { rpId: 'evil.example' }],
      ['another key', { otherKey: true }],
      ['another challenge', { challenge: Buffer.alloc(32, 9).toString('base64url') }],
    ];
    for (const [name, lie] of lies) {
      const res = await signIn(key, lie);
      const error = res.error as { status?: number; code?: string } | null;
      expect({ name, status: error?.status, code: error?.code }).toEqual({ name, status: 400, code: 'webauthn_verification_failed' });
    }
    key.counter = 3; // the server saw 11: a clone
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    const stranger = new SoftAuthenticator(ORIGIN, 'localhost');
    expect((await signIn(stranger)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });

    const start = (await call(be, 'POST', '/passkeys/authentication/options', {})).body as unknown as Started;
    be.advanceClock(301_000);
    const late = await call(be, 'POST', '/passkeys/authentication/verify', { challenge_id: start.challenge_id, credential: key.get(start.options) });
    expect(late).toMatchObject({ status: 400, body: { error_code: 'webauthn_challenge_expired' } });

    const token = await tokenOf(client);
    expect((await register(client, key)).error).toMatchObject({ status: 422, code: 'webauthn_credential_exists' });
    be.config.PASSKEY_MAX_PASSKEYS_PER_USER = 1;
    try {
      expect(await call(be, 'POST', '/passkeys/registration/options', {}, token)).toMatchObject({ status: 422, body: { error_code: 'too_many_passkeys' } });
    } finally {
      be.config.PASSKEY_MAX_PASSKEYS_PER_USER = 10;
    }

    const other = await signUp();
    const otherToken = await tokenOf(other.client);
    expect(await call(be, 'PATCH', `/passkeys/${passkeyId}`, { friendly_name: 'mine' }, otherToken)).toMatchObject({ status: 404, body: { error_code: 'validation_failed' } });
    expect(await call(be, 'DELETE', `/passkeys/${passkeyId}`, undefined, otherToken)).toMatchObject({ status: 404 });
    // A registration ceremony is its user's: another user cannot answer it.
    const mine = (await call(be, 'POST', '/passkeys/registration/options', {}, otherToken)).body as unknown as Started;
    const stolen = await call(be, 'POST', '/passkeys/registration/verify', { challenge_id: mine.challenge_id, credential: new SoftAuthenticator(ORIGIN, 'localhost').create(mine.options) }, token);
    expect(stolen).toMatchObject({ status: 400, body: { error_code: 'webauthn_challenge_not_found' } });
  });

  it('validates every input with a 4xx and stays off unless PASSKEY_ENABLED', async () => {
    const { client } = await signUp();
    const token = await tokenOf(client);
    const start = (await call(be, 'POST', '/passkeys/authentication/options', {})).body as unknown as Started;
    const bad: [string, string, string, unknown, string | undefined, number, string][] = [
      ['the anon key as the bearer', 'POST', '/passkeys/registration/options', {}, undefined, 403, 'bad_jwt'],
      ['no credential', 'POST', '/passkeys/authentication/verify', { challenge_id: start.challenge_id }, undefined, 400, 'validation_failed'],
      ['a credential of the wrong shape', 'POST', '/passkeys/authentication/verify', { challenge_id: start.challenge_id, credential: { id: 'x', type: 'public-key', response: { clientDataJSON: '%' } } }, undefined, 400, 'validation_failed'],
      ['an unknown ceremony', 'POST', '/passkeys/authentication/verify', { challenge_id: 'nope', credential: new SoftAuthenticator(ORIGIN, 'localhost').get(start.options) }, undefined, 400, 'webauthn_challenge_not_found'],
      ['an empty name', 'PATCH', '/passkeys/00000000-0000-4000-8000-000000000000', { friendly_name: ' ' }, token, 400, 'validation_failed'],
      ['a name too long', 'PATCH', '/passkeys/00000000-0000-4000-8000-000000000000', { friendly_name: 'x'.repeat(121) }, token, 400, 'validation_failed'],
      ['not an id', 'DELETE', '/passkeys/x', undefined, token, 404, 'validation_failed'],
    ];
    for (const [name, method, path, body, bearer, status, code] of bad) {
      const res = await call(be, method, path, body, bearer);
      expect({ name, status: res.status, code: res.body.error_code }).toEqual({ name, status, code });
    }
    // With a verified second factor an aal1 session may not add a passkey; ceremonies are limited per IP.
    const userId = claimsOf(token).sub;
    await be.db.transaction((tx) => tx.query("insert into auth.mfa_factors (user_id, factor_type, status, secret) values ($1, 'totp', 'verified', 'JBSWY3DPEHPK3PXP')", [userId]));
    expect(await call(be, 'POST', '/passkeys/registration/options', {}, token)).toMatchObject({ status: 403, body: { error_code: 'insufficient_aal' } });
    be.config.RATE_LIMIT_PASSKEY = 1;
    try {
      await call(be, 'POST', '/passkeys/authentication/options', {});
      const limited = await call(be, 'POST', '/passkeys/authentication/options', {});
      expect(limited).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
      expect(limited.headers.get('retry-after')).toBeTruthy();
    } finally {
      be.config.RATE_LIMIT_PASSKEY = 1000;
    }
    be.config.PASSKEY_ENABLED = false;
    try {
      for (const [method, path] of [['POST', '/passkeys/authentication/options'], ['POST', '/passkeys/registration/options'], ['GET', '/passkeys']]) {
        expect(await call(be, method!, path!, method === 'POST' ? {} : undefined, token)).toMatchObject({ status: 404, body: { error_code: 'passkey_disabled' } });
      }
    } finally {
      be.config.PASSKEY_ENABLED = true;
    }
  });

  it("the admin API lists a user's passkeys and deletes one, which then signs in no more", async () => {
    const { client } = await signUp();
    const [kept, removed] = [new SoftAuthenticator(ORIGIN, 'localhost'), new SoftAuthenticator(ORIGIN, 'localhost')];
    const keptId = ((await register(client, kept)).data as unknown as { id: string }).id;
    const removedId = ((await register(client, removed)).data as unknown as { id: string }).id;
    const userId = claimsOf(await tokenOf(client)).sub as string;
    const admin = (method: string, path: string) => call(be, method, path, undefined, be.config.SERVICE_ROLE_KEY);
    const listed = await admin('GET', `/admin/users/${userId}/passkeys`);
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as { id: string }[]).map((p) => p.id).sort()).toEqual([keptId, removedId].sort());
    expect(JSON.stringify(listed.body)).not.toContain(kept.id);
    expect((await admin('DELETE', `/admin/users/${userId}/passkeys/${removedId}`)).status).toBe(204);
    expect(((await admin('GET', `/admin/users/${userId}/passkeys`)).body as unknown as { id: string }[]).map((p) => p.id)).toEqual([keptId]);
    expect((await signIn(removed)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    expect((await signIn(kept)).error).toBeNull();
    // Gone, someone else's, not an id, an unknown user, a member's token: GoTrue's answers.
    expect(await admin('DELETE', `/admin/users/${userId}/passkeys/${removedId}`)).toMatchObject({ status: 404, body: { error_code: 'validation_failed', msg: 'Passkey not found' } });
    const other = claimsOf(await tokenOf((await signUp()).client)).sub as string;
    expect(await admin('DELETE', `/admin/users/${other}/passkeys/${keptId}`)).toMatchObject({ status: 404, body: { msg: 'Passkey not found' } });
    expect(await admin('DELETE', `/admin/users/${userId}/passkeys/x`)).toMatchObject({ status: 404, body: { msg: 'Passkey not found' } });
    expect(await admin('GET', '/admin/users/00000000-0000-4000-8000-000000000000/passkeys')).toMatchObject({ status: 404, body: { error_code: 'user_not_found' } });
    expect(await call(be, 'GET', `/admin/users/${userId}/passkeys`, undefined, await tokenOf(client))).toMatchObject({ status: 403, body: { error_code: 'not_admin' } });
  });

  it('refuses a banned account and forgets the passkeys of a soft-deleted one', async () => {
    const { client } = await signUp();
    const key = new SoftAuthenticator(ORIGIN, 'localhost');
    expect((await register(client, key)).error).toBeNull();
    const userId = claimsOf(await tokenOf(client)).sub;
    const admin = be.config.SERVICE_ROLE_KEY;
    await be.db.transaction((tx) => tx.query('update auth.users set email_confirmed_at = null where id = $1', [userId]));
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
    await be.db.transaction((tx) => tx.query('update auth.users set email_confirmed_at = now() where id = $1', [userId]));
    expect((await call(be, 'PUT', `/admin/users/${userId}`, { ban_duration: '24h' }, admin)).status).toBe(200);
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await call(be, 'DELETE', `/admin/users/${userId}`, { should_soft_delete: true }, admin)).status).toBe(200);
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    const left = await be.db.transaction((tx) => tx.query('select 1 from auth.webauthn_credentials where user_id = $1', [userId]));
    expect(left.rows).toHaveLength(0);
  });

  it("keeps passkeys and ceremonies out of the API roles' reach", async () => {
    const as = (sql: string) =>
      be.db.transaction(async (tx) => {
        await tx.query('set local role authenticated');
        return (await tx.query(sql)).rows.length;
      });
    await expect(as('select public_key from auth.webauthn_credentials')).rejects.toThrow(/permission denied/);
    await expect(as('select challenge from auth.webauthn_challenges')).rejects.toThrow(/permission denied/);
  });
});
