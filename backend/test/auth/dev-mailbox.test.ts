/**
 * The development mailbox holds sign-in links, so it is not an API: no CORS, loopback clients
 * naming a loopback host only (or DEV_MAILBOX_KEY), and absent with SMTP_URL or in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { call, uniqueEmail } from './helpers';

const KEY = 'a-dev-mailbox-key-for-tests';
let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ DEV_MAILBOX_KEY: KEY });
  await call(be, 'POST', '/signup', { email: uniqueEmail('mailbox'), password: 'secret123' });
});
afterAll(async () => {
  await be?.close();
});

const inject = (url: string, options: { remoteAddress?: string; host?: string; method?: 'GET' | 'OPTIONS' | 'DELETE'; headers?: Record<string, string> } = {}) =>
  be.app.inject({
    method: options.method ?? 'GET',
    url,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { host: options.host ?? '127.0.0.1:54321', ...options.headers },
  });

describe('dev mailbox', () => {
  it('answers the developer on loopback (127.0.0.1, ::1, localhost) with no CORS headers', async () => {
    const res = await fetch(`${be.url}/_dev/mailbox.json`, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await inject('/_dev/mailbox', { remoteAddress: '::1', host: 'localhost:54321' })).statusCode).toBe(200);
    expect((await inject('/_dev/mailbox.json', { remoteAddress: '::ffff:127.0.0.1', host: '[::1]:54321' })).statusCode).toBe(200);
  });

  it('gives another origin no CORS preflight, while the API keeps its CORS', async () => {
    const preflight = { method: 'OPTIONS' as const, headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } };
    const dev = await inject('/_dev/mailbox.json', preflight);
    expect(dev.headers['access-control-allow-origin']).toBeUndefined();
    const api = await inject('/auth/v1/settings', preflight);
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('is a 404 for other machines and for a DNS-rebinding page (loopback address, foreign Host)', async () => {
    for (const [remoteAddress, host] of [['203.0.113.7', '127.0.0.1:54321'], ['10.0.0.2', 'localhost:54321'], ['127.0.0.1', 'evil.example:54321'], ['127.0.0.1', 'localhost.evil.example']]) {
      for (const url of ['/_dev/mailbox.json', '/_dev/mailbox']) {
        const res = await inject(url, { remoteAddress, host });
        expect({ url, remoteAddress, host, status: res.statusCode }).toEqual({ url, remoteAddress, host, status: 404 });
        expect(res.body).not.toContain('verify?token=');
      }
    }
    expect((await inject('/_dev/mailbox', { method: 'DELETE', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
  });

  it('answers another machine presenting DEV_MAILBOX_KEY, not a wrong key', async () => {
    expect((await inject(`/_dev/mailbox.json?key=${KEY}`, { remoteAddress: '203.0.113.7', host: 'devbox:54321' })).statusCode).toBe(200);
    expect((await inject(`/_dev/mailbox.json?key=${KEY}x`, { remoteAddress: '203.0.113.7', host: 'devbox:54321' })).statusCode).toBe(404);
  });

  it('does not exist in production, even on loopback', { timeout: 120_000 }, async () => {
    const prod = await startTestBackend({
      NODE_ENV: 'production',
      JWT_SECRET: '/H9tQoLavpiEzgqx7pXj0/RrJ4w4cULy5GaTzLbdnv4=',
      ANON_KEY: 'x',
      SERVICE_ROLE_KEY: 'y',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SITE_URL: 'https://need40.example',
      API_EXTERNAL_URL: 'https://api.need40.example',
      CORS_ORIGINS: 'https://need40.example',
    });
    try {
      expect((await fetch(`${prod.url}/_dev/mailbox.json`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
