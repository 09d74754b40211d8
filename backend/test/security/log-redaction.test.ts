/**
 * No token, code or key reaches the log, over real HTTP with the backend's own logger captured:
 * request logs of email links (`/verify?token=`, `token_hash`), the OAuth callback (`code`,
 * `state`), the dev mailbox key, refresh tokens in a URL or a body, and error logs that quote a
 * URL, a JSON body or a JWT. What is not a secret stays readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { redactLogLine } from '../../src/http/log-redact';
import { openTestDatabase } from '../harness';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/types';

const lines: string[] = [];
let app: FastifyInstance;
let db: Database;
let url: string;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', DEV_MAILBOX_KEY: 'mailbox-key-secret-1234' });
  db = await openTestDatabase();
  app = await buildApp({ config, db, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const get = (path: string) => fetch(`${url}${path}`, { headers: { apikey: app.services.config.ANON_KEY }, redirect: 'manual' });
const post = (path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { apikey: app.services.config.ANON_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('log redaction', () => {
  it('request and error logs carry no token, code, key or JWT', async () => {
    await post('/auth/v1/signup', { email: 'logged@example.com', password: 'logged-password' });
    const [mail] = (await (await get('/_dev/mailbox.json?to=logged%40example.com&key=mailbox-key-secret-1234')).json()) as { link: string }[];
    const token = new URL(mail!.link).searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{20,}$/);
    const signupLink = new URL(mail!.link);
    const followed = await get(`${signupLink.pathname}${signupLink.search}`);
    const session = new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1));
    const refresh = session.get('refresh_token')!;
    const access = session.get('access_token')!;
    expect([refresh.length > 8, access.startsWith('eyJ')]).toEqual([true, true]);

    const secrets = {
      token, refresh, access, mailboxKey: 'mailbox-key-secret-1234',
      hash: 'a1b2c3d4e5f6a7b8c9d0hashsecret', code: 'oauth-code-secret-5678', state: 'oauth-state-secret-9012',
      nested: 'nested-code-secret-3456', bodyToken: 'body-refresh-secret-7890',
    };
    await get(`/auth/v1/verify?token_hash=${secrets.hash}&type=magiclink&redirect_to=${encodeURIComponent(`http://localhost:3000/cb?code=${secrets.nested}`)}`);
    await get(`/auth/v1/callback?code=${secrets.code}&state=${secrets.state}`);
    await get(`/rest/v1/gigs?select=id&refresh_token=${refresh}`);
    await post('/auth/v1/token?grant_type=refresh_token', { refresh_token: secrets.bodyToken });
    // An error that quotes a URL, a JSON body and a JWT, logged the way the handlers log errors.
    app.log.error({ err: new Error(`upstream said {"refresh_token":"${secrets.bodyToken}"} for /verify?token=${token}`), auth: `Bearer ${access}` }, 'request failed');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} leaked into the log`).toBe(false);
    expect(log).toContain('/auth/v1/verify?token=[redacted]&type=signup');
    expect(log).toContain(`token_hash=[redacted]&type=magiclink&redirect_to=${encodeURIComponent('http://localhost:3000/cb?code=')}[redacted]`);
    expect(log).toContain('/auth/v1/callback?code=[redacted]&state=[redacted]');
    expect(log).toContain('"msg":"request failed"');
  });

  it('leaves what is not a secret alone', () => {
    const line = '{"msg":"x","url":"/rest/v1/gigs?select=id&error_code=otp_expired&order=created_at","code":"23505","keyword":"a.b"}';
    expect(redactLogLine(line)).toBe(line);
  });
});
