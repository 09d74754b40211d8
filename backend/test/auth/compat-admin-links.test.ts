/**
 * GoTrue's admin API through supabase-js's `auth.admin`: generateLink (every type, its errors),
 * inviteUserByEmail, mfa.listFactors/deleteFactor, the audit they leave, and the guard's answers
 * to callers without the service_role key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { adminEmail as email, auditActions, startAdminBackend, type AdminApi, type AdminCall } from './admin';
import { call, follow, latestMail, makeClient } from './helpers';

let be: TestBackend;
let admin: AdminApi;
let asAdmin: AdminCall;
beforeAll(async () => ({ be, admin, asAdmin } = await startAdminBackend()));
afterAll(() => be?.close());

describe('auth.admin links and invitations', () => {
  it('generateLink magiclink: the action_link signs in, hashed_token works with verifyOtp, email_otp is a code; each once', async () => {
    const address = email();
    await admin.createUser({ email: address, email_confirm: true });
    const link = await admin.generateLink({ type: 'magiclink', email: address });
    expect(link.error).toBeNull();
    expect(link.data.properties).toMatchObject({ verification_type: 'magiclink', redirect_to: 'http://localhost:3000' });
    expect(link.data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(link.data.user?.email).toBe(address);
    const { location } = await follow(be, link.data.properties!.action_link);
    expect(location).toContain('#access_token=');
    expect((await follow(be, link.data.properties!.action_link)).location).toContain('error_code=otp_expired');

    const second = await admin.generateLink({ type: 'magiclink', email: address });
    const client = makeClient(be);
    const verified = await client.auth.verifyOtp({ token_hash: second.data.properties!.hashed_token, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(address);
    // The code of the same link is spent with it.
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: second.data.properties!.email_otp, type: 'email' })).error).toMatchObject({ code: 'otp_expired' });

    const third = await admin.generateLink({ type: 'magiclink', email: address });
    expect((await makeClient(be).auth.verifyOtp({ email: address, token: third.data.properties!.email_otp, type: 'magiclink' })).error).toBeNull();
  });

  it('generateLink signup, recovery, invite and email_change; their errors', async () => {
    const address = email();
    const signup = await admin.generateLink({ type: 'signup', email: address, password: 'signup-password', options: { data: { full_name: 'Sig' } } });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email_confirmed_at).toBeUndefined();
    // Exactly the data given, as GoTrue's generate_link keeps it (auth-js's own suite checks it).
    expect(signup.data.user?.user_metadata).toEqual({ full_name: 'Sig' });
    expect((await follow(be, signup.data.properties!.action_link)).location).toContain('#access_token=');
    expect((await makeClient(be).auth.signInWithPassword({ email: address, password: 'signup-password' })).error).toBeNull();
    expect((await admin.generateLink({ type: 'signup', email: address, password: 'signup-password' })).error).toMatchObject({ status: 422, code: 'email_exists' });

    const recovery = await admin.generateLink({ type: 'recovery', email: address });
    expect((await follow(be, recovery.data.properties!.action_link)).location).toContain('type=recovery');

    const moved = email();
    const change = await admin.generateLink({ type: 'email_change_new', email: address, newEmail: moved });
    expect(change.error).toBeNull();
    expect(change.data.properties?.verification_type).toBe('email_change');
    expect((await follow(be, change.data.properties!.action_link)).location).toContain('#access_token=');
    expect((await admin.getUserById(signup.data.user!.id)).data.user?.email).toBe(moved);

    const invited = email();
    const invite = await admin.generateLink({ type: 'invite', email: invited, options: { data: { full_name: 'Inv' } } });
    expect(invite.data.user?.invited_at).toBeTruthy();
    expect((await follow(be, invite.data.properties!.action_link)).location).toContain('type=invite');
    expect((await admin.getUserById(invite.data.user!.id)).data.user).toMatchObject({ user_metadata: { full_name: 'Inv' } });

    const errors: [Record<string, unknown>, number, string][] = [
      [{ type: 'nope', email: email() }, 400, 'validation_failed'],
      [{ type: 'magiclink', email: 'bad' }, 400, 'email_address_invalid'],
      [{ type: 'magiclink', email: email() }, 404, 'user_not_found'],
      [{ type: 'recovery', email: email() }, 404, 'user_not_found'],
      [{ type: 'signup', email: email() }, 422, 'validation_failed'],
      [{ type: 'signup', email: email(), password: '1' }, 422, 'weak_password'],
      [{ type: 'invite', email: moved }, 422, 'email_exists'],
      [{ type: 'email_change_current', email: moved, new_email: invited }, 422, 'email_exists'],
      [{ type: 'email_change_new', email: moved, new_email: 'bad' }, 400, 'email_address_invalid'],
    ];
    for (const [body, status, code] of errors) {
      const res = await asAdmin('POST', '/admin/generate_link', body);
      expect([JSON.stringify(body), res.status, res.body.error_code]).toEqual([JSON.stringify(body), status, code]);
    }
  });

  it('inviteUserByEmail mails an invitation; following it confirms the account; a confirmed address is refused', async () => {
    const address = email();
    const invited = await admin.inviteUserByEmail(address, { data: { full_name: 'Grace' }, redirectTo: 'http://localhost:3000/welcome' });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email: address, user_metadata: { full_name: 'Grace' } });
    const mail = await latestMail(be, address);
    expect(mail.kind).toBe('invite');
    expect(mail.text).toMatch(/Or enter this code: \d{6}/);
    const { location } = await follow(be, mail.link);
    expect(location.startsWith('http://localhost:3000/welcome#access_token=')).toBe(true);
    expect(new URLSearchParams(location.split('#')[1]).get('type')).toBe('invite');
    expect((await admin.inviteUserByEmail(address)).error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin.inviteUserByEmail('bad')).error).toMatchObject({ status: 400, code: 'email_address_invalid' });
    const limited = email();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await asAdmin('POST', '/invite', { email: limited })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await auditActions(be)).toContain('service_role:user_invited');
  });
});

describe('auth.admin.mfa', () => {
  it('listFactors and deleteFactor; deleting drops the user\'s aal2', async () => {
    const address = email();
    const user = (await admin.createUser({ email: address, password: 'mfa-password', email_confirm: true })).data.user!;
    const client = makeClient(be);
    await client.auth.signInWithPassword({ email: address, password: 'mfa-password' });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(enrolled.error).toBeNull();
    const listed = await admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([expect.objectContaining({ id: enrolled.data!.id, factor_type: 'totp', friendly_name: 'phone' })]);
    const deleted = await admin.mfa.deleteFactor({ userId: user.id, id: enrolled.data!.id });
    expect(deleted.error).toBeNull();
    // auth-js 2.119 hands the answer (the deleted factor) back wrapped once more.
    expect(deleted.data).toMatchObject({ data: { id: enrolled.data!.id, factor_type: 'totp' } });
    expect((await admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
    expect((await admin.mfa.deleteFactor({ userId: user.id, id: enrolled.data!.id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(await asAdmin('DELETE', `/admin/users/${user.id}/factors/nope`)).toMatchObject({ status: 404, body: { error_code: 'validation_failed', msg: 'factor_id must be an UUID' } });
    expect(await auditActions(be)).toEqual(expect.arrayContaining(['service_role:factors_listed', 'service_role:factor_deleted']));
  });
});

describe('the guard', () => {
  it('answers as GoTrue for callers without the service_role key, before reading the body; unknown admin paths are 404 for the admin only', async () => {
    const signedUp = await makeClient(be).auth.signUp({ email: email(), password: 'plain-password' });
    expect(signedUp.error).toBeNull();
    expect(await call(be, 'GET', '/admin/users', undefined, '')).toMatchObject({ status: 401, body: { error_code: 'no_authorization' } });
    expect(await call(be, 'GET', '/admin/users')).toMatchObject({ status: 403, body: { error_code: 'not_admin' } });
    const res = await fetch(`${be.url}/auth/v1/admin/users`, { method: 'POST', headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json' }, body: '{' });
    expect(res.status).toBe(401);
    expect(await call(be, 'POST', '/invite', { email: email() })).toMatchObject({ status: 403, body: { error_code: 'not_admin' } });
    // The OAuth client registry is off unless OAUTH_SERVER_ENABLED (GoTrue's answer); other unknown admin paths are not_found.
    expect(await asAdmin('GET', '/admin/oauth/clients')).toMatchObject({ status: 404, body: { error_code: 'feature_disabled', msg: 'OAuth server is disabled' } });
    expect(await asAdmin('POST', '/admin/oauth/clients', { redirect_uris: ['https://a.example/cb'] })).toMatchObject({ status: 404, body: { error_code: 'feature_disabled' } });
    expect(await asAdmin('GET', '/admin/custom-providers')).toMatchObject({ status: 404, body: { error_code: 'not_found' } });
    expect(await asAdmin('GET', '/admin/sso/providers')).toMatchObject({ status: 404, body: { error_code: 'saml_provider_disabled' } });
  });
});
