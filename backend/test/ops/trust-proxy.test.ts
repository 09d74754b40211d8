/**
 * Behind a real nginx (the reference proxy), per-IP limits must see each client, not the proxy.
 * Clients connect to nginx from different loopback addresses (127.0.0.2, 127.0.0.3); nginx passes
 * X-Forwarded-For. Without TRUST_PROXY one client's wrong passwords lock the owner out (every
 * client looks like 127.0.0.1); with TRUST_PROXY=127.0.0.1 the owner signs in, and a client that
 * forges X-Forwarded-For is still recognised by the address nginx saw. The browser reports' limit
 * (@fastify/rate-limit, keyed on request.ip) follows the same setting.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../drills/backend-process';
import { nginxBinary, startNginx, type Proxy } from '../../drills/nginx';
import { alignToRateWindow } from '../auth/helpers';
import { startTestBackend, type TestBackend } from '../harness';

// CI installs nginx (.ci/run); elsewhere the file says why it did not run.
const haveNginx = nginxBinary() !== null;
if (!haveNginx && process.env.CI) throw new Error('nginx is missing: CI must install it (apt-get install -y nginx)');

// Small limits: every wrong password costs an argon2 hash (about a second on a loaded machine).
const LIMITS = { MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_SIGN_IN_PER_IP_EMAIL: '2', RATE_LIMIT_SIGN_IN_PER_EMAIL: '4' };
const email = 'owner@example.com';

interface Setup {
  be: TestBackend;
  proxy: Proxy;
  port: number;
}
const setups: Setup[] = [];
let dir: string;

async function behindNginx(env: Record<string, string>): Promise<Setup> {
  const be = await startTestBackend({ ...LIMITS, ...env });
  const port = await freePort();
  const proxy = await startNginx(port, [Number(new URL(be.url).port)], path.join(dir, String(port)));
  const setup = { be, proxy, port };
  setups.push(setup);
  expect(await signIn(setup, '127.0.0.3', 'right-password', '/auth/v1/signup')).toBe(200);
  alignToRateWindow(be);
  return setup;
}

/** POST a JSON body through nginx from `from` (a loopback address of this machine); the status code. */
function postFrom({ port, be }: Setup, from: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: url, method: 'POST', localAddress: from, agent: false, headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const signIn = (setup: Setup, from: string, password: string, url = '/auth/v1/token?grant_type=password', headers: Record<string, string> = {}) =>
  postFrom(setup, from, url, { email, password }, headers);

describe.skipIf(!haveNginx)('per-IP limits behind nginx', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-trust-proxy-'));
  });
  afterAll(async () => {
    for (const { be, proxy } of setups) {
      await proxy.stop();
      await be.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without TRUST_PROXY, a stranger\'s wrong passwords lock the owner out (everyone is the proxy)', async () => {
    const setup = await behindNginx({});
    for (let i = 0; i < 2; i++) expect(await signIn(setup, '127.0.0.2', `guess-${i}`)).toBe(400);
    expect(await signIn(setup, '127.0.0.3', 'right-password')).toBe(429);
  });

  it('with TRUST_PROXY=127.0.0.1 the owner signs in, and a forged X-Forwarded-For changes nothing', async () => {
    const setup = await behindNginx({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 2; i++) expect(await signIn(setup, '127.0.0.2', `guess-${i}`)).toBe(400);
    expect(await signIn(setup, '127.0.0.2', 'guess-5')).toBe(429);
    // nginx appends the address it saw; the backend takes the last one not from a trusted proxy.
    expect(await signIn(setup, '127.0.0.2', 'guess-6', undefined, { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
    expect(await signIn(setup, '127.0.0.3', 'right-password')).toBe(200);
  });

  it('with TRUST_PROXY, the browser reports\' per-address limit counts each client, not the proxy', async () => {
    const setup = await behindNginx({ TRUST_PROXY: '127.0.0.1', BROWSER_REPORTS_PER_MINUTE: '2' });
    const report = (from: string) => postFrom(setup, from, '/browser/v1/errors', { kind: 'error', message: `from ${from}` });
    expect([await report('127.0.0.2'), await report('127.0.0.2'), await report('127.0.0.2')]).toEqual([202, 202, 429]);
    expect(await report('127.0.0.3')).toBe(202);
  });
});
