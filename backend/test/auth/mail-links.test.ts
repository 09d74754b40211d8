/**
 * Mail links follow the backend's public URL (API_EXTERNAL_URL) and the product's URL (SITE_URL):
 * confirmation and recovery mails point at that backend and land on that shell. `pnpm start`
 * derives both from BACKEND_PORT and PORT_SHELL (scripts/start-env.mjs; its own test,
 * scripts/start-env.test.mjs, checks that BACKEND_PORT=55432 PORT_SHELL=4100 gives this environment).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, follow, latestMail } from './helpers';

/** What `pnpm start` passes with BACKEND_PORT=55432 PORT_SHELL=4100 (less PORT: the test listens on a free one). */
const startEnv = { SITE_URL: 'http://localhost:4100', API_EXTERNAL_URL: 'http://localhost:55432' };
let be: TestBackend;

beforeAll(async () => {
  be = await startTestBackend(startEnv);
});

afterAll(async () => {
  await be?.close();
});

describe('mail links on a backend started that way', () => {
  it('the confirmation link points at BACKEND_PORT and lands on PORT_SHELL', async () => {
    const email = `links-${Date.now()}@example.com`;
    const res = await call(be, 'POST', '/signup', { email, password: 'a-long-password-1' });
    expect(res.status).toBe(200);
    const mail = await latestMail(be, email);
    expect(mail.kind).toBe('signup');
    expect(mail.link).toMatch(/^http:\/\/localhost:55432\/auth\/v1\/verify\?/);
    expect(mail.text).toContain('http://localhost:55432/auth/v1/verify');
    expect(mail.text).not.toContain('localhost:54321');
    const landed = await follow(be, mail.link);
    expect(landed.status).toBe(303);
    expect(landed.location).toMatch(/^http:\/\/localhost:4100\//);
  });

  it('the recovery link too', async () => {
    const email = `links-recover-${Date.now()}@example.com`;
    await call(be, 'POST', '/signup', { email, password: 'a-long-password-1' });
    expect((await call(be, 'POST', '/recover', { email })).status).toBe(200);
    const mail = await latestMail(be, email);
    expect(mail.kind).toBe('recovery');
    expect(mail.link).toMatch(/^http:\/\/localhost:55432\/auth\/v1\/verify\?/);
    expect(new URL(mail.link).searchParams.get('redirect_to') ?? 'http://localhost:4100').toMatch(/^http:\/\/localhost:4100/);
  });
});
