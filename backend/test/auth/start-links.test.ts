/**
 * Mail links follow the ports `pnpm start` chose: scripts/start-env.mjs gives the backend its
 * public URL (API_EXTERNAL_URL) and the product's URL (SITE_URL) from BACKEND_PORT, PORT_SHELL and
 * PUBLIC_HOST, so confirmation and recovery mails point at that backend and land on that shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlan } from '../../../scripts/start-env.mjs';
import { REPO_ROOT } from '../../src/config';
import { startTestBackend, type TestBackend } from '../harness';
import { call, follow, latestMail } from './helpers';

const base = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell/public/config.json'), 'utf8')) as Parameters<typeof startPlan>[1];
const plan = startPlan({ BACKEND_PORT: '55432', PORT_SHELL: '4100' }, base);
let be: TestBackend;

beforeAll(async () => {
  // The test backend listens on a free port; everything else is what `pnpm start` would pass.
  const { PORT: _port, ...env } = plan.backendEnv;
  be = await startTestBackend(env);
});

afterAll(async () => {
  await be?.close();
});

describe('pnpm start: the backend environment', () => {
  it('defaults: the backend at localhost:54321, the shell at localhost:3000', () => {
    const p = startPlan({}, base);
    expect(p.backendEnv).toEqual({ PORT: '54321', SITE_URL: 'http://localhost:3000', API_EXTERNAL_URL: 'http://localhost:54321' });
    expect(p.config.supabaseUrl).toBe('http://localhost:54321');
  });

  it('BACKEND_PORT, PORT_SHELL and PUBLIC_HOST move the backend URL, the site URL and config.json together', () => {
    expect(plan.backendEnv).toEqual({ PORT: '55432', SITE_URL: 'http://localhost:4100', API_EXTERNAL_URL: 'http://localhost:55432' });
    expect(plan.config).toMatchObject({ supabaseUrl: 'http://localhost:55432', siteUrl: 'http://localhost:4100' });
    const host = startPlan({ PUBLIC_HOST: 'need40.test', BACKEND_PORT: '8000' }, base);
    expect(host.backendEnv.API_EXTERNAL_URL).toBe('http://need40.test:8000');
    expect(host.config.supabaseUrl).toBe('http://need40.test:8000');
    expect(host.remotes.remotes.gigs).toBe('http://need40.test:3001/mf-manifest.json');
  });

  it('an explicit SUPABASE_URL, API_EXTERNAL_URL or SITE_URL wins', () => {
    const proxied = startPlan({ SUPABASE_URL: 'https://api.need40.test', SITE_URL: 'https://need40.test' }, base);
    expect(proxied.backendEnv).toMatchObject({ API_EXTERNAL_URL: 'https://api.need40.test', SITE_URL: 'https://need40.test' });
    const own = startPlan({ SUPABASE_URL: 'https://api.need40.test', API_EXTERNAL_URL: 'https://auth.need40.test' }, base);
    expect(own.backendEnv.API_EXTERNAL_URL).toBe('https://auth.need40.test');
  });
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
