/**
 * Guessing six-digit email codes, over real HTTP from several client addresses (127.0.0.x are all
 * the loopback interface): a stranger's wrong codes never make the owner's emailed link fail, and
 * the stranger is limited per IP and per address with GoTrue's answer (429
 * over_request_rate_limit, Retry-After).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { alignToRateWindow, latestMail, local, uniqueEmail } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_OTP_CODE_PER_IP: '8' });
});
afterAll(async () => {
  await be?.close();
});

/** One request to the backend from the client address `ip`. */
function from(ip: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; headers: http.IncomingHttpHeaders }> {
  const url = new URL(path, be.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress: ip, headers: { apikey: be.config.ANON_KEY, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {}, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const guess = (ip: string, email: string, token: string) => from(ip, 'POST', '/auth/v1/verify', { email, token, type: 'email' });
const codeOf = (text: string) => /Or enter this code: (\d{6})/.exec(text)?.[1] ?? '';
const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

describe('email codes under guessing', () => {
  it("five wrong codes from another IP do not kill the owner's link; the guesser is then refused (429) from any IP", async () => {
    const email = uniqueEmail('victim').toLowerCase();
    expect((await from('127.0.0.1', 'POST', '/auth/v1/signup', { email, password: 'victim-password' })).status).toBe(200);
    alignToRateWindow(be);
    expect((await from('127.0.0.1', 'POST', '/auth/v1/otp', { email })).status).toBe(200);
    const mail = await latestMail(be, email);
    const wrong = wrongFor(codeOf(mail.text));

    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await guess('127.0.0.2', email, wrong));
    expect(answers.map((a) => [a.status, a.json.error_code])).toEqual([...Array(5).fill([403, 'otp_expired']), [429, 'over_request_rate_limit']]);
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
    // A fresh IP gets nothing more for this address in this window (a distributed guesser is bounded too).
    expect((await guess('127.0.0.3', email, wrong)).json.error_code).toBe('over_request_rate_limit');

    // The owner's link still signs them in.
    const link = new URL(local(be, mail.link));
    const followed = await from('127.0.0.1', 'GET', link.pathname + link.search);
    expect(followed.status).toBe(303);
    const location = String(followed.headers.location);
    expect(location).toContain('access_token=');
    expect(location).not.toContain('otp_expired');
  });

  it('one IP guessing across many addresses is cut off after RATE_LIMIT_OTP_CODE_PER_IP codes', async () => {
    alignToRateWindow(be);
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push((await guess('127.0.0.4', uniqueEmail(`spray${i}`).toLowerCase(), '123456')).json.error_code);
    expect(answers).toEqual([...Array(8).fill('otp_expired'), 'over_request_rate_limit']);
    // Another client is not affected.
    expect((await guess('127.0.0.5', uniqueEmail('other').toLowerCase(), '123456')).json.error_code).toBe('otp_expired');
  });
});
