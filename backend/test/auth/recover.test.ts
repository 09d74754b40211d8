/** Password recovery through the mailbox (PKCE), and rate limits held in the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { alignToRateWindow, call, follow, latestMail, makeClient, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_SIGN_IN_PER_EMAIL: '5', RATE_LIMIT_EMAIL_SENT: '3' });
});
afterAll(async () => {
  await be?.close();
});

describe('password recovery', () => {
  it('mails a reset link; the link signs in (PASSWORD_RECOVERY) and the password can be set', async () => {
    const email = uniqueEmail('recover').toLowerCase();
    expect((await call(be, 'POST', '/signup', { email, password: 'old-password' })).status).toBe(200);
    const client = makeClient(be);
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => events.push(e));
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset' });
    expect(error).toBeNull();
    const mail = await latestMail(be, email);
    expect(mail.kind).toBe('recovery');
    const { location } = await follow(be, mail.link);
    const code = new URL(location).searchParams.get('code')!;
    expect(location.startsWith('http://localhost:3000/reset?code=')).toBe(true);
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe('recovery');
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await client.auth.updateUser({ password: 'new-password' })).error).toBeNull();
    const signIn = await makeClient(be).auth.signInWithPassword({ email, password: 'new-password' });
    expect(signIn.error).toBeNull();
  });

  it('answers 200 for an unknown address (does not reveal it), and an expired link lands with otp_expired', async () => {
    const res = await call(be, 'POST', '/recover', { email: 'nobody-here@example.com' });
    expect(res.status).toBe(200);
    const email = uniqueEmail('expire').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'old-password' });
    await call(be, 'POST', '/recover', { email });
    const mail = await latestMail(be, email);
    be.advanceClock(86_401_000);
    const { location } = await follow(be, mail.link);
    expect(location).toContain('error_code=otp_expired');
  });
});

describe('rate limits', () => {
  it('per email on password sign-in → 429 over_request_rate_limit, shared through the database', async () => {
    const email = uniqueEmail('limited').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(be, 'POST', '/token?grant_type=password', { email, password: 'wrong-password' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const res = await call(be, 'POST', '/token?grant_type=password', { email, password: 'right-password' });
    expect(res).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // A second instance on the same database sees the same counters.
    const other = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_SIGN_IN_PER_EMAIL: '5' }, be.db);
    other.advanceClock(be.app.services.now() - Date.now()); // same (moved) clock as the first
    try {
      const there = await call(other, 'POST', '/token?grant_type=password', { email, password: 'right-password' });
      expect(there.body.error_code).toBe('over_request_rate_limit');
    } finally {
      await other.close();
    }
  });

  it('per address on recovery mail → 429 over_email_send_rate_limit', async () => {
    const email = uniqueEmail('mailflood').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'right-password' });
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 4; i++) codes.push((await call(be, 'POST', '/recover', { email })).body.error_code as string | undefined);
    expect(codes).toEqual([undefined, undefined, undefined, 'over_email_send_rate_limit']);
  });

  it('windows reset with time', async () => {
    alignToRateWindow(be); // the failures below must fall in one window
    const email = uniqueEmail('window').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'right-password' });
    for (let i = 0; i < 5; i++) await call(be, 'POST', '/token?grant_type=password', { email, password: 'wrong' });
    expect((await call(be, 'POST', '/token?grant_type=password', { email, password: 'right-password' })).status).toBe(429);
    be.advanceClock(301_000);
    expect((await call(be, 'POST', '/token?grant_type=password', { email, password: 'right-password' })).status).toBe(200);
  });
});
