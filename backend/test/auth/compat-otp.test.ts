/**
 * Passwordless email through supabase-js: signInWithOtp (magic link and six-digit code),
 * verifyOtp with type 'email' and 'magiclink', create_user, one-time use, the attempt limit of a
 * code, the mail limits; anonymous sign-in (off by default, on by switch); GoTrue's "disabled"
 * answers for SSO/SAML, web3, id_token, phone and manual linking (on by switch: oauth.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { alignToRateWindow, call, follow, latestMail, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ RATE_LIMIT_EMAIL_SENT: '3', RATE_LIMIT_OTP_PER_IP: '40' });
});
afterAll(async () => {
  await be?.close();
});

const email = () => uniqueEmail('otp').toLowerCase();
const codeOf = (text: string) => /Or enter this code: (\d{6})/.exec(text)?.[1] ?? '';

describe('signInWithOtp', () => {
  it('a new address: an unconfirmed account with the data, a sign-up link whose code signs in once (type email)', async () => {
    const address = email();
    const client = makeClient(be);
    const { error } = await client.auth.signInWithOtp({ email: address, options: { data: { full_name: 'Otto' } } });
    expect(error).toBeNull();
    const mail = await latestMail(be, address);
    expect(mail.kind).toBe('signup');
    const code = codeOf(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await client.auth.verifyOtp({ email: address, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email: address, user_metadata: { full_name: 'Otto', email_verified: true } });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    // One time: the code and the link of that mail are spent.
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: code, type: 'email' })).error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect((await follow(be, mail.link)).location).toContain('error_code=otp_expired');
  });

  it('an existing address: a magic link (PKCE: ?code= exchanged by the client) that keeps nothing set before the address was proven', async () => {
    const address = email();
    // Someone signs the address up with their own password and never confirms it.
    expect((await call(be, 'POST', '/signup', { email: address, password: 'squatter-password' })).status).toBe(200);
    const client = makeClient(be);
    expect((await client.auth.signInWithOtp({ email: address, options: { emailRedirectTo: 'http://localhost:3000/in' } })).error).toBeNull();
    const mail = await latestMail(be, address);
    expect(mail.kind).toBe('magiclink');
    const { location } = await follow(be, mail.link);
    expect(location.startsWith('http://localhost:3000/in?code=')).toBe(true);
    const exchanged = await client.auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(address);
    expect((await makeClient(be).auth.signInWithPassword({ email: address, password: 'squatter-password' })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('verifyOtp type magiclink with the code; a wrong code, then five wrong codes kill the code (not the link: code-guessing.test.ts)', async () => {
    const address = email();
    await makeClient(be).auth.signInWithOtp({ email: address });
    await makeClient(be).auth.verifyOtp({ email: address, token: codeOf((await latestMail(be, address)).text), type: 'email' });
    await makeClient(be).auth.signInWithOtp({ email: address });
    const code = codeOf((await latestMail(be, address)).text);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: wrong, type: 'magiclink' })).error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: code, type: 'magiclink' })).error).toBeNull();

    alignToRateWindow(be);
    await makeClient(be).auth.signInWithOtp({ email: address });
    const next = codeOf((await latestMail(be, address)).text);
    const wrongNext = next === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await makeClient(be).auth.verifyOtp({ email: address, token: wrongNext, type: 'email' });
    // Five codes tried for the address in this window: even the right one waits (429)…
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: next, type: 'email' })).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // …and in the next window the code is dead.
    alignToRateWindow(be);
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: next, type: 'email' })).error).toMatchObject({ code: 'otp_expired' });
    // Not a code at all, or an address without an account: the same answer.
    expect((await call(be, 'POST', '/verify', { email: address, token: 'abc', type: 'email' })).body.error_code).toBe('otp_expired');
    expect((await call(be, 'POST', '/verify', { email: email(), token: '123456', type: 'email' })).body.error_code).toBe('otp_expired');
  });

  it('an expired link and code', async () => {
    const address = email();
    await makeClient(be).auth.signInWithOtp({ email: address });
    const mail = await latestMail(be, address);
    be.advanceClock(be.config.MAILER_OTP_EXP * 1000 + 1000);
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: codeOf(mail.text), type: 'email' })).error).toMatchObject({ code: 'otp_expired' });
  });

  it('errors: create_user false for an unknown address, a bad address, bad data, a phone, a bad type', async () => {
    expect((await makeClient(be).auth.signInWithOtp({ email: email(), options: { shouldCreateUser: false } })).error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(await call(be, 'POST', '/otp', { email: 'nope' })).toMatchObject({ status: 400, body: { error_code: 'email_address_invalid' } });
    expect(await call(be, 'POST', '/otp', { email: email(), data: [1] })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect(await call(be, 'POST', '/otp', { email: email(), create_user: 'yes' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect((await makeClient(be).auth.signInWithOtp({ phone: '+15555550100' })).error).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
    expect(await call(be, 'POST', '/verify', { email: email(), token: '123456', type: 'nope' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    // A phone code: as GoTrue answers for a number no account has (none has one here), after its form is checked.
    expect(await call(be, 'POST', '/verify', { phone: '+15555550100', token: '123456', type: 'sms' })).toMatchObject({ status: 403, body: { error_code: 'otp_expired', msg: 'Token has expired or is invalid' } });
    expect(await call(be, 'POST', '/verify', { phone: '15555550100', token: '123456', type: 'phone_change' })).toMatchObject({ status: 403, body: { error_code: 'otp_expired' } });
    expect(await call(be, 'POST', '/verify', { phone: '+15555550100-invalid', token: '123456', type: 'sms' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed', msg: 'Invalid phone number format (E.164 required)' } });
    expect(await call(be, 'POST', '/verify', { phone: 42, token: '123456', type: 'sms' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
  });

  it('the per-address mail limit holds (429 over_email_send_rate_limit), for /otp and the old /magiclink alike', async () => {
    alignToRateWindow(be);
    const address = email();
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await call(be, 'POST', '/otp', { email: address })).status);
    statuses.push((await call(be, 'POST', '/magiclink', { email: address })).status);
    const over = await call(be, 'POST', '/otp', { email: address });
    expect(statuses).toEqual([200, 200, 200]);
    expect(over).toMatchObject({ status: 429, body: { error_code: 'over_email_send_rate_limit' } });
  });
});

describe('signInAnonymously', () => {
  it('is off by default: 422 anonymous_provider_disabled, and /settings says so', async () => {
    const { error } = await makeClient(be).auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect((await call(be, 'GET', '/settings')).body.external).toMatchObject({ anonymous_users: false });
  });

  it('when on: a session with is_anonymous in the user and the token; the per-IP limit; bad data', async () => {
    const on = await startTestBackend({ ENABLE_ANONYMOUS_SIGN_INS: 'true', RATE_LIMIT_ANONYMOUS_PER_IP: '2' });
    try {
      const client = makeClient(on);
      const { data, error } = await client.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { nickname: 'guest' }, identities: [] });
      const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id });
      expect((await call(on, 'GET', '/settings')).body.external).toMatchObject({ anonymous_users: true });
      // Adding an email and confirming it makes the user permanent (same id, an email identity).
      const address = email();
      expect((await client.auth.updateUser({ email: address })).error).toBeNull();
      const { location } = await follow(on, (await latestMail(on, address)).link);
      expect(location).toContain('code=');
      expect((await client.auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!)).error).toBeNull();
      const permanent = (await client.auth.getUser()).data.user!;
      expect(permanent).toMatchObject({ id: data.user!.id, email: address, is_anonymous: false, app_metadata: { provider: 'email' } });
      expect(permanent.identities?.map((i) => i.provider)).toEqual(['email']);
      expect(await call(on, 'POST', '/signup', { data: 'x' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
      expect((await call(on, 'POST', '/signup', {})).status).toBe(200);
      expect(await call(on, 'POST', '/signup', {})).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
    } finally {
      await on.close();
    }
  });
});

describe('what this server does not offer answers GoTrue\'s "disabled" errors', () => {
  it('SSO/SAML, web3, id_token, phone', async () => {
    const client = makeClient(be);
    expect((await client.auth.signInWithSSO({ domain: 'example.com' })).error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    expect(await call(be, 'GET', '/sso/saml/metadata')).toMatchObject({ status: 404, body: { error_code: 'saml_provider_disabled' } });
    expect(await call(be, 'POST', '/sso/saml/acs')).toMatchObject({ status: 404, body: { error_code: 'saml_provider_disabled' } });
    expect(await call(be, 'POST', '/token?grant_type=web3', { chain: 'solana', message: 'x', signature: 'y' })).toMatchObject({ status: 422, body: { error_code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' } });
    expect((await client.auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' })).error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' });
    expect(await call(be, 'POST', '/token?grant_type=id_token', { provider: 'mine', id_token: 'x' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect((await client.auth.signInWithPassword({ phone: '+15555550100', password: 'whatever-1' })).error).toMatchObject({ code: 'phone_provider_disabled' });
    expect((await client.auth.resend({ type: 'sms', phone: '+15555550100' })).error).toMatchObject({ code: 'phone_provider_disabled' });
  });
});

describe('manual linking, off by default as in GoTrue', () => {
  it('linkIdentity and unlinkIdentity answer 404 manual_linking_disabled, after the token is checked', async () => {
    const address = email();
    expect((await call(be, 'POST', '/admin/users', { email: address, password: 'link-password', email_confirm: true }, be.config.SERVICE_ROLE_KEY)).status).toBe(200);
    const client = makeClient(be);
    expect((await client.auth.signInWithPassword({ email: address, password: 'link-password' })).error).toBeNull();
    const linked = await client.auth.linkIdentity({ provider: 'github', options: { redirectTo: 'http://localhost:3000', skipBrowserRedirect: true } });
    expect(linked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities).toHaveLength(1);
    const unlinked = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlinked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    expect(await call(be, 'GET', '/user/identities/authorize?provider=github', undefined, '')).toMatchObject({ status: 401, body: { error_code: 'no_authorization' } });
    expect((await client.auth.getUserIdentities()).data?.identities).toHaveLength(1);
  });
});
