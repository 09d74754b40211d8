/**
 * With a verified MFA factor, a password-only (aal1) session no longer reaches the user's money or
 * personal data over /rest/v1; the same user at aal2, and a user without a factor, do. Every table
 * and function holding money or personal data, both sides, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from 'backend/src/auth/totp';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { claimsOf, errorCode, send, signUp, type Answer } from 'backend/test/security/helpers';

let be: TestBackend;
const tokens = { aal1: '', aal2: '', plain: '' };
const ids = { mfa: '', plain: '', gigAal1: '', gigAal2: '', gigPlain: '' };

const rest = (token: string, method: string, path: string, body?: unknown): Promise<Answer> =>
  send(be, { method, path: `/rest/v1${path}`, bearer: token, headers: { prefer: 'return=representation' }, body });
const gig = (title: string) => ({ title, description: 'Work', payment_type: 'hourly', rate: 30, hours: 2, location: 'remote' });

beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
  const mfa = await signUp(be, 'mfa-user@example.com', 'mfa-password-1', { full_name: 'Mfa User' });
  const plain = await signUp(be, 'plain-user@example.com', 'plain-password-1', { full_name: 'Plain User' });
  ids.mfa = mfa.id;
  ids.plain = plain.id;
  tokens.plain = plain.access;
  // Data made before the factor exists, so the aal1 session has something to be kept from.
  ids.gigAal1 = ((await rest(mfa.access, 'POST', '/gigs', gig('before MFA'))).json as { id: string }[])[0]!.id;
  expect((await rest(mfa.access, 'POST', '/rpc/record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' })).status).toBe(200);
  ids.gigPlain = ((await rest(plain.access, 'POST', '/gigs', gig('plain'))).json as { id: string }[])[0]!.id;
  expect((await rest(plain.access, 'POST', '/rpc/record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' })).status).toBe(200);

  const enrol = await send(be, { method: 'POST', path: '/auth/v1/factors', bearer: mfa.access, body: { factor_type: 'totp' } });
  const factor = enrol.json as { id: string; totp: { secret: string } };
  const ch = await send(be, { method: 'POST', path: `/auth/v1/factors/${factor.id}/challenge`, bearer: mfa.access, body: {} });
  const v = await send(be, {
    method: 'POST',
    path: `/auth/v1/factors/${factor.id}/verify`,
    bearer: mfa.access,
    body: { challenge_id: (ch.json as { id: string }).id, code: totpAt(factor.totp.secret, be.app.services.now()) },
  });
  tokens.aal2 = (v.json as { access_token: string }).access_token;
  const signIn = await send(be, { method: 'POST', path: '/auth/v1/token?grant_type=password', body: { email: mfa.email, password: mfa.password } });
  tokens.aal1 = (signIn.json as { access_token: string }).access_token;
  expect([claimsOf(tokens.aal1).aal, claimsOf(tokens.aal2).aal]).toEqual(['aal1', 'aal2']);
});

afterAll(async () => {
  await be?.close();
});

const refused = (a: Answer) => ({ status: a.status, code: errorCode(a) });
const rows = (a: Answer) => (a.json as unknown[]).length;

describe('a verified factor requires aal2 for money and personal data', () => {
  it('payments: aal1 reads none and cannot insert; aal2 and a user without a factor can', async () => {
    expect((await rest(tokens.aal1, 'GET', '/payments?select=id')).json).toEqual([]);
    expect(rows(await rest(tokens.aal2, 'GET', '/payments?select=id'))).toBe(1);
    expect(rows(await rest(tokens.plain, 'GET', '/payments?select=id'))).toBe(1);
    const insert = (token: string, user: string) => rest(token, 'POST', '/payments', { amount: 5, status: 'pending', payment_method: 'paypal', user_id: user });
    expect(refused(await insert(tokens.aal1, ids.mfa))).toEqual({ status: 403, code: '42501' });
    expect((await insert(tokens.aal2, ids.mfa)).status).toBe(201);
    expect((await insert(tokens.plain, ids.plain)).status).toBe(201);
  });

  it('record_payment and create_paid_gig: aal1 refused with 42501; aal2 and a user without a factor served', async () => {
    const record = (token: string) => rest(token, 'POST', '/rpc/record_payment', { p_amount: 12, p_payment_method: 'paypal', p_status: 'pending' });
    const paid = (token: string) => rest(token, 'POST', '/rpc/create_paid_gig', { p_title: 'Paid', p_description: 'D' });
    expect(refused(await record(tokens.aal1))).toEqual({ status: 403, code: '42501' });
    expect(refused(await paid(tokens.aal1))).toEqual({ status: 403, code: '42501' });
    expect((await record(tokens.aal2)).status).toBe(200);
    expect((await paid(tokens.aal2)).status).toBe(200);
    expect((await record(tokens.plain)).status).toBe(200);
    expect((await paid(tokens.plain)).status).toBe(200);
  });

  it('audit_logs: aal1 reads none; aal2 and a user without a factor read their own', async () => {
    expect((await rest(tokens.aal1, 'GET', '/audit_logs?select=id')).json).toEqual([]);
    expect(rows(await rest(tokens.aal2, 'GET', '/audit_logs?select=id'))).toBeGreaterThan(0);
    expect(rows(await rest(tokens.plain, 'GET', '/audit_logs?select=id'))).toBeGreaterThan(0);
  });

  it('profiles: aal1 reads (public) but cannot change its own; aal2 and a user without a factor can', async () => {
    expect(rows(await rest(tokens.aal1, 'GET', `/profiles?id=eq.${ids.mfa}&select=id,full_name`))).toBe(1);
    expect((await rest(tokens.aal1, 'PATCH', `/profiles?id=eq.${ids.mfa}&select=id`, { contact_phone: '+1 555 0100' })).json).toEqual([]);
    // The owner reads its contact columns through contact_details() (the table does not grant them).
    const [contact] = (await rest(tokens.aal2, 'POST', '/rpc/contact_details', { p_user_id: ids.mfa })).json as { phone: string | null }[];
    expect(contact!.phone).toBeNull();
    expect(rows(await rest(tokens.aal2, 'PATCH', `/profiles?id=eq.${ids.mfa}&select=id`, { contact_phone: '+1 555 0100' }))).toBe(1);
    expect(rows(await rest(tokens.plain, 'PATCH', `/profiles?id=eq.${ids.plain}&select=id`, { contact_phone: '+1 555 0101' }))).toBe(1);
  });

  it('gigs: aal1 reads but cannot post, edit or delete in the name of the user; aal2 and a user without a factor can', async () => {
    expect(rows(await rest(tokens.aal1, 'GET', `/gigs?id=eq.${ids.gigAal1}`))).toBe(1);
    expect(refused(await rest(tokens.aal1, 'POST', '/gigs', gig('aal1 post')))).toEqual({ status: 403, code: '42501' });
    expect((await rest(tokens.aal1, 'PATCH', `/gigs?id=eq.${ids.gigAal1}`, { title: 'edited at aal1' })).json).toEqual([]);
    expect((await rest(tokens.aal1, 'DELETE', `/gigs?id=eq.${ids.gigAal1}`)).json).toEqual([]);
    expect(rows(await rest(tokens.aal2, 'GET', `/gigs?id=eq.${ids.gigAal1}&title=eq.before MFA`))).toBe(1);

    expect((await rest(tokens.aal2, 'POST', '/gigs', gig('aal2 post'))).status).toBe(201);
    expect(rows(await rest(tokens.aal2, 'PATCH', `/gigs?id=eq.${ids.gigAal1}`, { title: 'edited at aal2' }))).toBe(1);
    expect(rows(await rest(tokens.aal2, 'DELETE', `/gigs?id=eq.${ids.gigAal1}`))).toBe(1);
    expect((await rest(tokens.plain, 'POST', '/gigs', gig('plain post'))).status).toBe(201);
    expect(rows(await rest(tokens.plain, 'PATCH', `/gigs?id=eq.${ids.gigPlain}`, { title: 'plain edit' }))).toBe(1);
    expect(rows(await rest(tokens.plain, 'DELETE', `/gigs?id=eq.${ids.gigPlain}`))).toBe(1);
  });

  it('a visitor is unaffected (record_payment) and the helper is not an rpc', async () => {
    const visitor = await send(be, { method: 'POST', path: '/rest/v1/rpc/record_payment', body: { p_amount: 3, p_payment_method: 'paypal', p_status: 'pending' } });
    expect(visitor.status).toBe(200);
    const helper = await rest(tokens.aal1, 'POST', '/rpc/aal_satisfied', {});
    expect(refused(helper)).toEqual({ status: 404, code: 'PGRST202' });
  });
});
