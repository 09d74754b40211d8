/**
 * GoTrue's admin API through supabase-js's `auth.admin` with the service_role key: users (create,
 * list with Link/X-Total-Count, get, update, delete, soft delete) and the audit trail every call
 * leaves. Links, invitations, factors and the guard: compat-admin-links.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { adminEmail as email, auditActions, startAdminBackend, type AdminApi, type AdminCall } from './admin';
import { call, makeClient } from './helpers';

let be: TestBackend;
let admin: AdminApi;
let asAdmin: AdminCall;
beforeAll(async () => ({ be, admin, asAdmin } = await startAdminBackend()));
afterAll(() => be?.close());

describe('auth.admin users', () => {
  it('createUser → getUserById → updateUserById → deleteUser; each call is audited', async () => {
    const address = email();
    const created = await admin.createUser({ email: address, password: 'first-password', email_confirm: true, user_metadata: { full_name: 'Ada' }, app_metadata: { plan: 'pro' } });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({ email: address, role: 'authenticated', user_metadata: { full_name: 'Ada' }, app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' } });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', identity_data: { email: address } });

    const signedIn = (await makeClient(be).auth.signInWithPassword({ email: address, password: 'first-password' })).data.session!;
    expect(signedIn.access_token).toBeTruthy();

    const got = await admin.getUserById(user.id);
    expect(got.data.user?.id).toBe(user.id);

    const updated = await admin.updateUserById(user.id, { password: 'second-password', user_metadata: { full_name: 'Ada L.' }, app_metadata: { plan: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Ada L.' });
    expect(updated.data.user?.app_metadata.plan).toBeUndefined();
    // A new password ends the sessions made with the old one.
    expect(await call(be, 'GET', '/user', undefined, signedIn.access_token)).toMatchObject({ status: 403, body: { error_code: 'session_not_found' } });
    expect((await makeClient(be).auth.signInWithPassword({ email: address, password: 'second-password' })).error).toBeNull();

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    expect((await admin.getUserById(user.id)).error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    expect(await auditActions(be)).toEqual(expect.arrayContaining(['service_role:user_signedup', 'service_role:user_read', 'service_role:user_modified', 'service_role:user_deleted']));
  });

  it('listUsers pages with GoTrue\'s Link and X-Total-Count headers', async () => {
    for (let i = 0; i < 3; i++) expect((await admin.createUser({ email: email() })).error).toBeNull();
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    const data = first.data as { users: unknown[]; total: number; nextPage: number | null; lastPage: number; aud: string };
    expect(data.users).toHaveLength(2);
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);
    expect(data.lastPage).toBe(Math.ceil(data.total / 2));
    const raw = await asAdmin('GET', '/admin/users?page=1&per_page=2');
    expect(raw.headers.get('x-total-count')).toBe(String(data.total));
    expect(raw.headers.get('link')).toMatch(/^<\/auth\/v1\/admin\/users\?page=2&per_page=2>; rel="next", <\/auth\/v1\/admin\/users\?page=\d+&per_page=2>; rel="last"$/);
    const beyond = await admin.listUsers({ page: 10_000, perPage: 2 });
    expect(beyond.data.users).toEqual([]);
    const bad = await asAdmin('GET', '/admin/users?page=x');
    expect(bad).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect(String(bad.body.msg)).toMatch(/^Bad Pagination Parameters/);
  });

  it('createUser errors: no email, bad email, taken email, weak password, bad id, bad ban_duration, phone', async () => {
    const taken = email();
    await admin.createUser({ email: taken });
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'validation_failed'],
      [{ email: 'not-an-email' }, 400, 'email_address_invalid'],
      [{ email: taken }, 422, 'email_exists'],
      [{ email: email(), password: '123' }, 422, 'weak_password'],
      [{ email: email(), id: 'nope' }, 400, 'validation_failed'],
      [{ email: email(), id: '00000000-0000-0000-0000-000000000000' }, 400, 'validation_failed'],
      [{ email: email(), ban_duration: 'forever' }, 400, 'validation_failed'],
      [{ email: email(), password: 'a-password', password_hash: '$2a$10$abc' }, 400, 'validation_failed'],
      [{ email: email(), user_metadata: 'x' }, 400, 'validation_failed'],
      [{ phone: '+15555550100' }, 422, 'phone_provider_disabled'],
    ];
    for (const [body, status, code] of cases) {
      const res = await asAdmin('POST', '/admin/users', body);
      expect([JSON.stringify(body), res.status, res.body.error_code]).toEqual([JSON.stringify(body), status, code]);
    }
  });

  it('update/get/delete errors: a path id that is not a UUID, an unknown user, a taken email', async () => {
    const a = (await admin.createUser({ email: email() })).data.user!;
    const b = (await admin.createUser({ email: email() })).data.user!;
    expect(await asAdmin('GET', '/admin/users/not-a-uuid')).toMatchObject({ status: 404, body: { error_code: 'validation_failed', msg: 'user_id must be an UUID' } });
    const unknown = '6f1c8a4e-0000-4000-8000-000000000000';
    for (const [method, body] of [['GET', undefined], ['PUT', { user_metadata: {} }], ['DELETE', undefined]] as const) {
      expect(await asAdmin(method, `/admin/users/${unknown}`, body)).toMatchObject({ status: 404, body: { error_code: 'user_not_found' } });
    }
    expect(await asAdmin('PUT', `/admin/users/${a.id}`, { email: b.email })).toMatchObject({ status: 422, body: { error_code: 'email_exists' } });
    expect(await asAdmin('PUT', `/admin/users/${a.id}`, { ban_duration: '1x' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect(await asAdmin('DELETE', `/admin/users/${a.id}`, { should_soft_delete: 'yes' })).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
  });

  it('a ban ends sessions and refuses sign-in until lifted ("none"); an email change through the admin is immediate', async () => {
    const address = email();
    const user = (await admin.createUser({ email: address, password: 'ban-password', email_confirm: true })).data.user!;
    const session = (await makeClient(be).auth.signInWithPassword({ email: address, password: 'ban-password' })).data.session!;
    expect((await admin.updateUserById(user.id, { ban_duration: '24h' })).data.user?.banned_until).toBeTruthy();
    expect(await call(be, 'GET', '/user', undefined, session.access_token)).toMatchObject({ status: 403, body: { error_code: 'session_not_found' } });
    expect((await makeClient(be).auth.signInWithPassword({ email: address, password: 'ban-password' })).error).toMatchObject({ code: 'user_banned' });
    await admin.updateUserById(user.id, { ban_duration: 'none' });
    const moved = email();
    expect((await admin.updateUserById(user.id, { email: moved, email_confirm: true })).data.user).toMatchObject({ email: moved });
    expect((await makeClient(be).auth.signInWithPassword({ email: moved, password: 'ban-password' })).error).toBeNull();
  });

  it('soft delete keeps the row but nobody can sign in; the address is free again', async () => {
    const address = email();
    const user = (await admin.createUser({ email: address, password: 'soft-password', email_confirm: true })).data.user!;
    expect((await admin.deleteUser(user.id, true)).error).toBeNull();
    expect((await admin.getUserById(user.id)).error).toMatchObject({ status: 404 });
    expect((await makeClient(be).auth.signInWithPassword({ email: address, password: 'soft-password' })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await admin.createUser({ email: address })).error).toBeNull();
  });
});
