/**
 * GoTrue's admin API through supabase-js's `auth.admin` with the service_role key: users (create,
 * list with Link/X-Total-Count, get, update, delete, soft delete), the OAuth client registry
 * (`auth.admin.oauth`, OAUTH_SERVER_ENABLED on here) and the audit trail every call leaves. Links,
 * invitations, factors, the guard and the registry switched off: compat-admin-links.test.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { adminEmail as email, auditActions, startAdminBackend, type AdminApi, type AdminCall } from './admin';
import { call, makeClient } from './helpers';

let be: TestBackend;
let admin: AdminApi;
let asAdmin: AdminCall;
beforeAll(async () => ({ be, admin, asAdmin } = await startAdminBackend({ OAUTH_SERVER_ENABLED: 'true' })));
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

describe('auth.admin.oauth (the OAuth client registry)', () => {
  const created = async (params: Parameters<AdminApi['oauth']['createClient']>[0]) => {
    const { data, error } = await admin.oauth.createClient(params);
    expect(error).toBeNull();
    return data!;
  };

  it('create (the secret once) → get → partial update → regenerate the secret → list → delete; each call audited, only the hash stored', async () => {
    const client = await created({ client_name: 'Billing app', redirect_uris: ['https://billing.example.com/callback', 'myapp://callback'] });
    expect(client).toMatchObject({
      client_type: 'confidential', token_endpoint_auth_method: 'client_secret_basic', registration_type: 'manual', client_name: 'Billing app',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], redirect_uris: ['https://billing.example.com/callback', 'myapp://callback'],
    });
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = (await be.db.transaction((tx) => tx.query<{ client_secret_hash: string }>('select client_secret_hash from auth.oauth_clients where id = $1', [client.client_id]))).rows;
    expect(stored!.client_secret_hash).toBe(createHash('sha256').update(client.client_secret!).digest('base64url'));

    const got = await admin.oauth.getClient(client.client_id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ client_id: client.client_id, client_name: 'Billing app' });
    expect(got.data).not.toHaveProperty('client_secret');

    const updated = await admin.oauth.updateClient(client.client_id, { logo_uri: 'https://billing.example.com/logo.png' });
    expect(updated.data).toMatchObject({ client_name: 'Billing app', logo_uri: 'https://billing.example.com/logo.png' });
    expect(updated.data).not.toHaveProperty('client_secret');

    const again = await admin.oauth.regenerateClientSecret(client.client_id);
    expect(again.error).toBeNull();
    expect(again.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.data!.client_secret).not.toBe(client.client_secret);

    const second = await created({ client_name: 'Mobile', redirect_uris: ['http://localhost:8080/cb'], token_endpoint_auth_method: 'none' });
    expect(second).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(second).not.toHaveProperty('client_secret');
    const page = await admin.oauth.listClients({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.clients).toHaveLength(1);
    expect(page.data).toMatchObject({ total: 2, nextPage: 2, lastPage: 2 });
    const all = await admin.oauth.listClients();
    expect(all.data.clients.map((c) => c.client_id)).toEqual(expect.arrayContaining([client.client_id, second.client_id]));

    expect((await admin.oauth.deleteClient(client.client_id)).error).toBeNull();
    expect((await admin.oauth.getClient(client.client_id)).error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
    expect((await admin.oauth.listClients()).data.clients.map((c) => c.client_id)).not.toContain(client.client_id);
    expect(await auditActions(be)).toEqual(expect.arrayContaining(['service_role:oauth_client_created', 'service_role:oauth_client_read', 'service_role:oauth_client_updated',
      'service_role:oauth_client_secret_regenerated', 'service_role:oauth_clients_listed', 'service_role:oauth_client_deleted']));
  });

  it('refuses what GoTrue refuses, with its words', async () => {
    const refused = async (body: unknown, message: string | RegExp) =>
      expect(await asAdmin('POST', '/admin/oauth/clients', body)).toMatchObject({ status: 400, body: { error_code: 'validation_failed', msg: typeof message === 'string' ? message : expect.stringMatching(message) } });
    await refused({ client_name: 'x', redirect_uris: [] }, 'redirect_uris is required');
    await refused({ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, 'redirect_uris cannot exceed 10 items');
    await refused({ redirect_uris: ['javascript://x/alert(1)'] }, "invalid redirect_uri 'javascript://x/alert(1)': scheme 'javascript' is not allowed for security reasons");
    await refused({ redirect_uris: ['http://evil.example/cb'] }, /HTTP scheme only allowed for localhost$/);
    await refused({ redirect_uris: ['https://a.example/cb#frag'] }, /fragment not allowed in redirect URI$/);
    await refused({ redirect_uris: ['/relative'] }, /must have scheme and host$/);
    await refused({ redirect_uris: ['https://a.example/a,b'] }, /must not contain a comma$/);
    await refused({ redirect_uris: ['https://a.example/cb'], grant_types: ['password'] }, "grant_types must only contain 'authorization_code' and/or 'refresh_token'");
    await refused({ redirect_uris: ['https://a.example/cb'], client_name: 'n'.repeat(1025) }, 'client_name cannot exceed 1024 characters');
    await refused({ redirect_uris: ['https://a.example/cb'], logo_uri: 'not a url' }, 'logo_uri must be a valid URL');
    await refused({ redirect_uris: ['https://a.example/cb'], client_type: 'public', token_endpoint_auth_method: 'client_secret_post' },
      "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')");
    expect(await asAdmin('POST', '/admin/oauth/clients', { redirect_uris: 'https://a.example/cb' })).toMatchObject({ status: 400, body: { error_code: 'bad_json' } });

    const pub = await created({ client_name: 'Public', redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'none' });
    const path = `/admin/oauth/clients/${pub.client_id}`;
    expect(await asAdmin('POST', `${path}/regenerate_secret`)).toMatchObject({ status: 400, body: { msg: 'Cannot regenerate secret for public client' } });
    expect(await asAdmin('PUT', path, {})).toMatchObject({ status: 400, body: { msg: 'No fields provided for update' } });
    expect(await asAdmin('PUT', path, { token_endpoint_auth_method: 'client_secret_basic' })).toMatchObject({ status: 400, body: { msg: /is not valid for client_type 'public'/ } });
    expect(await asAdmin('GET', '/admin/oauth/clients/not-a-uuid')).toMatchObject({ status: 400, body: { error_code: 'validation_failed', msg: 'invalid client_id format' } });
    expect(await asAdmin('DELETE', `/admin/oauth/clients/${randomUUID()}`)).toMatchObject({ status: 404, body: { error_code: 'oauth_client_not_found' } });
    // A member's token never reaches the registry.
    expect(await call(be, 'GET', '/admin/oauth/clients')).toMatchObject({ status: 403, body: { error_code: 'not_admin' } });
  });
});
