/**
 * Password sign-in limits count failures per IP and address, so strangers guessing an address's
 * password cannot lock its owner out, while guessing stays bounded: one IP gets
 * RATE_LIMIT_SIGN_IN_PER_IP_EMAIL wrong tries, and once the address has RATE_LIMIT_SIGN_IN_PER_EMAIL
 * failures from everywhere, an IP that has failed on it once is cut off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { alignToRateWindow, call, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_SIGN_IN_PER_EMAIL: '8', RATE_LIMIT_SIGN_IN_PER_IP_EMAIL: '4' });
});
afterAll(async () => {
  await be?.close();
});

async function signIn(ip: string, email: string, password: string) {
  const res = await be.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', remoteAddress: ip, headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json' }, payload: { email, password } });
  return { status: res.statusCode, code: (res.json() as { error_code?: string }).error_code, retryAfter: res.headers['retry-after'] };
}

describe('password sign-in limits', () => {
  it('strangers guessing from many IPs do not lock out the owner', async () => {
    const email = uniqueEmail('owner').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'right-password' });
    alignToRateWindow(be);
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await signIn(ip, email, `guess-${i}`)).code);
      expect(codes).toEqual([...Array(4).fill('invalid_credentials'), 'over_request_rate_limit']);
    }
    // The address is under attack (8+ failures): the owner, from an IP that has not failed, gets in.
    expect((await signIn('198.51.100.9', email, 'right-password')).status).toBe(200);
    // Even the right password stays refused for an IP that guessed.
    const guesser = await signIn('203.0.113.1', email, 'right-password');
    expect([guesser.status, guesser.code]).toEqual([429, 'over_request_rate_limit']);
    expect(Number(guesser.retryAfter)).toBeGreaterThan(0);
  });

  it('under attack, a fresh IP gets one guess, then is cut off', async () => {
    const email = uniqueEmail('attacked').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'right-password' });
    alignToRateWindow(be);
    for (const ip of ['192.0.2.1', '192.0.2.2']) for (let i = 0; i < 4; i++) await signIn(ip, email, `guess-${i}`);
    expect((await signIn('192.0.2.3', email, 'guess-x')).code).toBe('invalid_credentials');
    expect((await signIn('192.0.2.3', email, 'guess-y')).code).toBe('over_request_rate_limit');
    expect((await signIn('192.0.2.3', email, 'right-password')).code).toBe('over_request_rate_limit');
  });

  it('the limits are per address: guessing one address does not touch another', async () => {
    const a = uniqueEmail('a').toLowerCase();
    const b = uniqueEmail('b').toLowerCase();
    await call(be, 'POST', '/signup', { email: a, password: 'right-password' });
    await call(be, 'POST', '/signup', { email: b, password: 'right-password' });
    alignToRateWindow(be);
    for (let i = 0; i < 5; i++) await signIn('203.0.113.50', a, `guess-${i}`);
    expect((await signIn('203.0.113.50', b, 'right-password')).status).toBe(200);
  });
});
