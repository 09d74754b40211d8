/**
 * Sessions end when credentials change: a new password (PUT /user, also after a recovery link)
 * ends every other session and revokes their refresh tokens; from a session older than 24 hours
 * the change needs a nonce mailed by GET /reauthenticate (secure password change).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { alignToRateWindow, call, follow, latestMail, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
});
afterAll(async () => {
  await be?.close();
});

interface Session {
  access_token: string;
  refresh_token: string;
}

async function account(password = 'old-password') {
  const email = uniqueEmail('cred').toLowerCase();
  const first = (await call(be, 'POST', '/signup', { email, password })).body as unknown as Session;
  const signIn = async () => (await call(be, 'POST', '/token?grant_type=password', { email, password })).body as unknown as Session;
  return { email, first, signIn };
}

const refresh = (s: Session) => call(be, 'POST', '/token?grant_type=refresh_token', { refresh_token: s.refresh_token });

describe('a password change ends every other session', () => {
  it('PUT /user {password}: other sessions are gone (access 403, refresh refused); this one lives on', async () => {
    const a = await account();
    const attacker = await a.signIn();
    const owner = await a.signIn();
    expect((await call(be, 'PUT', '/user', { password: 'new-password' }, owner.access_token)).status).toBe(200);

    expect((await call(be, 'GET', '/user', undefined, attacker.access_token)).body.error_code).toBe('session_not_found');
    expect((await call(be, 'GET', '/user', undefined, a.first.access_token)).body.error_code).toBe('session_not_found');
    const stolenRefresh = await refresh(attacker);
    expect([stolenRefresh.status, stolenRefresh.body.error_code]).toEqual([400, 'refresh_token_not_found']);
    // The attacker cannot set a password of their own either.
    expect((await call(be, 'PUT', '/user', { password: 'attacker-password' }, attacker.access_token)).body.error_code).toBe('session_not_found');

    expect((await call(be, 'GET', '/user', undefined, owner.access_token)).status).toBe(200);
    expect((await refresh(owner)).status).toBe(200);
    expect((await call(be, 'POST', '/token?grant_type=password', { email: a.email, password: 'new-password' })).status).toBe(200);
  });

  it('a recovery-link reset ends the sessions made with the old password', async () => {
    const a = await account();
    const attacker = await a.signIn();
    expect((await call(be, 'POST', '/recover', { email: a.email })).status).toBe(200);
    const { location } = await follow(be, (await latestMail(be, a.email)).link);
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    const recovery = fragment.get('access_token')!;
    expect((await call(be, 'PUT', '/user', { password: 'reset-password' }, recovery)).status).toBe(200);
    expect((await call(be, 'GET', '/user', undefined, attacker.access_token)).body.error_code).toBe('session_not_found');
    expect((await refresh(attacker)).body.error_code).toBe('refresh_token_not_found');
    expect((await call(be, 'GET', '/user', undefined, recovery)).status).toBe(200);
  });

  it('metadata changes end nobody', async () => {
    const a = await account();
    const other = await a.signIn();
    expect((await call(be, 'PUT', '/user', { data: { full_name: 'Kept' } }, a.first.access_token)).status).toBe(200);
    expect((await call(be, 'GET', '/user', undefined, other.access_token)).status).toBe(200);
  });
});

describe('secure password change: a session older than 24 h needs a reauthentication nonce', () => {
  it('reauthentication_needed, a wrong nonce, then GET /reauthenticate and the mailed nonce (once)', async () => {
    const a = await account();
    be.advanceClock(25 * 3600 * 1000);
    const old = (await refresh(a.first)).body as unknown as Session; // a fresh access token of the old session
    const needed = await call(be, 'PUT', '/user', { password: 'new-password' }, old.access_token);
    expect([needed.status, needed.body.error_code]).toEqual([400, 'reauthentication_needed']);
    const wrong = await call(be, 'PUT', '/user', { password: 'new-password', nonce: '000000' }, old.access_token);
    expect([wrong.status, wrong.body.error_code]).toEqual([422, 'reauthentication_not_valid']);

    expect((await call(be, 'GET', '/reauthenticate', undefined, old.access_token))).toMatchObject({ status: 200, body: {} });
    const mail = await latestMail(be, a.email);
    expect(mail.kind).toBe('reauthentication');
    const nonce = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await call(be, 'PUT', '/user', { password: 'new-password', nonce }, old.access_token)).status).toBe(200);
    const again = await call(be, 'PUT', '/user', { password: 'newer-password', nonce }, old.access_token);
    expect(again.body.error_code).toBe('reauthentication_not_valid');
    expect((await call(be, 'POST', '/token?grant_type=password', { email: a.email, password: 'new-password' })).status).toBe(200);
  });

  it('through supabase-js: reauthenticate() then updateUser({password, nonce})', async () => {
    const a = await account();
    const client = makeClient(be);
    await client.auth.signInWithPassword({ email: a.email, password: 'old-password' });
    be.advanceClock(25 * 3600 * 1000);
    await client.auth.refreshSession();
    expect((await client.auth.updateUser({ password: 'new-password' })).error?.code).toBe('reauthentication_needed');
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = /\b(\d{6})\b/.exec((await latestMail(be, a.email)).text)![1]!;
    expect((await client.auth.updateUser({ password: 'new-password', nonce })).error).toBeNull();
  });

  it('nonce guesses are limited per user (429), and a fresh sign-in needs no nonce', async () => {
    const a = await account();
    be.advanceClock(25 * 3600 * 1000);
    const old = (await refresh(a.first)).body as unknown as Session;
    alignToRateWindow(be);
    const codes: unknown[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(be, 'PUT', '/user', { password: 'new-password', nonce: String(100000 + i) }, old.access_token)).body.error_code);
    expect(codes).toEqual([...Array(5).fill('reauthentication_not_valid'), 'over_request_rate_limit']);
    const fresh = await a.signIn();
    expect((await call(be, 'PUT', '/user', { password: 'new-password' }, fresh.access_token)).status).toBe(200);
  });

  // A second backend starts here (template load, argon2): slow on a loaded machine.
  it('SECURE_PASSWORD_CHANGE=false: an old session changes the password without a nonce', { timeout: 120_000 }, async () => {
    const relaxed = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', SECURE_PASSWORD_CHANGE: 'false' });
    try {
      const email = uniqueEmail('relaxed').toLowerCase();
      const s = (await call(relaxed, 'POST', '/signup', { email, password: 'old-password' })).body as unknown as Session;
      relaxed.advanceClock(25 * 3600 * 1000);
      const old = (await call(relaxed, 'POST', '/token?grant_type=refresh_token', { refresh_token: s.refresh_token })).body as unknown as Session;
      expect((await call(relaxed, 'PUT', '/user', { password: 'new-password' }, old.access_token)).status).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});
