/**
 * A NUL (U+0000) anywhere in an auth request — body keys or values, query parameters, form
 * bodies, path segments — answers a clear 4xx, never a 500 (PostgreSQL text and jsonb cannot hold
 * it). Other control characters are ordinary data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, uniqueEmail } from './helpers';

let be: TestBackend;
let token = '';
let factorId = '';
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
  token = String((await call(be, 'POST', '/signup', { email: uniqueEmail('nul'), password: 'secret123' })).body.access_token);
  factorId = String((await call(be, 'POST', '/factors', { factor_type: 'totp' }, token)).body.id);
});
afterAll(async () => {
  await be?.close();
});

const N = '\u0000';

describe('NUL in auth requests', () => {
  const cases: Array<[string, string, string, unknown, boolean?]> = [
    ['sign-up data value', 'POST', '/signup', { email: 'nul1@example.com', password: 'secret123', data: { full_name: `a${N}b` } }],
    ['sign-up data key', 'POST', '/signup', { email: 'nul2@example.com', password: 'secret123', data: { [`k${N}`]: 1 } }],
    ['sign-up nested data', 'POST', '/signup', { email: 'nul3@example.com', password: 'secret123', data: { a: [{ b: N }] } }],
    ['sign-up email', 'POST', '/signup', { email: `nul${N}@example.com`, password: 'secret123' }],
    ['sign-up password', 'POST', '/signup', { email: 'nul4@example.com', password: `secret${N}123` }],
    ['sign-up redirect_to (body)', 'POST', '/signup', { email: 'nul5@example.com', password: 'secret123', redirect_to: `http://localhost:3000/${N}` }],
    ['sign-up redirect_to (query)', 'POST', `/signup?redirect_to=${encodeURIComponent(`http://localhost:3000/${N}`)}`, { email: 'nul6@example.com', password: 'secret123' }],
    ['PUT /user data value', 'PUT', '/user', { data: { full_name: N } }, true],
    ['PUT /user data key', 'PUT', '/user', { data: { [N]: 'x' } }, true],
    ['PUT /user email', 'PUT', '/user', { email: `a${N}@example.com` }, true],
    ['factor friendly_name', 'POST', '/factors', { factor_type: 'totp', friendly_name: `phone${N}` }, true],
    ['factor issuer', 'POST', '/factors', { factor_type: 'totp', issuer: `x${N}` }, true],
    ['factor verify code', 'POST', '/factors/{factor}/verify', { challenge_id: '00000000-0000-4000-8000-000000000000', code: `12345${N}` }, true],
    ['password sign-in', 'POST', '/token?grant_type=password', { email: 'a@example.com', password: `x${N}` }],
    ['refresh token', 'POST', '/token?grant_type=refresh_token', { refresh_token: `x${N}` }],
    ['recover email', 'POST', '/recover', { email: `a${N}@example.com` }],
    ['resend redirect_to', 'POST', `/resend?redirect_to=${encodeURIComponent(N)}`, { type: 'signup', email: 'a@example.com' }],
    ['verify token_hash', 'POST', '/verify', { type: 'signup', token_hash: `x${N}` }],
    ['authorize redirect_to', 'GET', `/authorize?provider=github&redirect_to=${encodeURIComponent(N)}`, undefined],
  ];
  it.each(cases)('%s → 400 validation_failed', async (_name, method, path, body, signedIn) => {
    const res = await call(be, method, path.replace('{factor}', factorId), body, signedIn ? token : undefined);
    expect([res.status, res.body.error_code]).toEqual([400, 'validation_failed']);
  });

  it('the browser-facing redirects treat a NUL parameter as absent: they land on SITE_URL with an error', async () => {
    const link = await fetch(`${be.url}/auth/v1/verify?token=x${encodeURIComponent(N)}&type=signup&redirect_to=${encodeURIComponent(`http://localhost:3001/${N}`)}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/?#error=access_denied&error_code=otp_expired/);
    const form = await fetch(`${be.url}/auth/v1/callback`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'state=a%00&code=b' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toContain('error_code=bad_oauth_state');
  });

  it('a path segment with NUL is a 4xx, and the dev mailbox filter finds nothing', async () => {
    for (const [method, path] of [['POST', '/factors/%00/challenge'], ['DELETE', '/user/identities/%00'], ['DELETE', '/factors/%00']]) {
      const res = await call(be, method!, path!, {}, token);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const mailbox = await fetch(`${be.url}/_dev/mailbox.json?to=${encodeURIComponent(`a${N}@example.com`)}`);
    expect([mailbox.status, await mailbox.json()]).toEqual([200, []]);
  });

  it('other control characters are data: stored and answered as sent', async () => {
    const odd = 'tab\there\u0001\u001f\u007f';
    const res = await call(be, 'PUT', '/user', { data: { note: odd } }, token);
    expect(res.status).toBe(200);
    expect((res.body.user_metadata as Record<string, unknown>).note).toBe(odd);
  });
});
