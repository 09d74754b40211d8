/**
 * MFA verification is bounded: a challenge dies after MFA_CHALLENGE_MAX_ATTEMPTS wrong codes (even
 * the right code is then refused with mfa_challenge_expired), and verify calls are limited per
 * factor and per client IP (429 over_request_rate_limit with Retry-After). Another user cannot
 * use up someone's factor limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { totpAt } from '../../src/auth/totp';
import { startTestBackend, type TestBackend } from '../harness';
import { alignToRateWindow, call, uniqueEmail } from './helpers';

let be: TestBackend | undefined;
afterEach(async () => {
  await be?.close();
  be = undefined;
});

async function enrolled(backend: TestBackend) {
  const s = await call(backend, 'POST', '/signup', { email: uniqueEmail('limits').toLowerCase(), password: 'secret123' });
  const token = String(s.body.access_token);
  const enrol = await call(backend, 'POST', '/factors', { factor_type: 'totp' }, token);
  const id = String(enrol.body.id);
  const secret = String((enrol.body.totp as { secret: string }).secret);
  const now = () => backend.app.services.now();
  const wrong = () => (totpAt(secret, now()) === '000000' ? '111111' : '000000');
  const challenge = async () => String((await call(backend, 'POST', `/factors/${id}/challenge`, {}, token)).body.id);
  const verify = (challengeId: string, code: string) => call(backend, 'POST', `/factors/${id}/verify`, { challenge_id: challengeId, code }, token);
  return { token, id, secret, now, wrong, challenge, verify };
}

describe('MFA verify limits', { timeout: 120_000 }, () => {
  it('a challenge dies after 5 wrong codes: the right code is refused, a new challenge works', async () => {
    be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true' });
    const f = await enrolled(be);
    const ch = await f.challenge();
    for (let i = 0; i < 5; i++) {
      const r = await f.verify(ch, f.wrong());
      expect([r.status, r.body.error_code]).toEqual([422, 'mfa_verification_failed']);
    }
    const right = await f.verify(ch, totpAt(f.secret, f.now()));
    expect([right.status, right.body.error_code]).toEqual([422, 'mfa_challenge_expired']);
    const fresh = await f.challenge();
    const ok = await f.verify(fresh, totpAt(f.secret, f.now()));
    expect(ok.status).toBe(200);
    expect(JSON.parse(Buffer.from(String(ok.body.access_token).split('.')[1]!, 'base64url').toString()).aal).toBe('aal2');
  });

  it('limits verify calls per factor, across challenges, with Retry-After', async () => {
    be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_MFA_VERIFY_PER_FACTOR: '6' });
    const f = await enrolled(be);
    alignToRateWindow(be);
    for (let i = 0; i < 6; i++) {
      const r = await f.verify(await f.challenge(), f.wrong());
      expect(r.body.error_code).toBe('mfa_verification_failed');
    }
    const over = await f.verify(await f.challenge(), totpAt(f.secret, f.now()));
    expect([over.status, over.body.error_code]).toEqual([429, 'over_request_rate_limit']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window ends: the right code works again.
    be.advanceClock(be.config.RATE_LIMIT_WINDOW * 1000);
    expect((await f.verify(await f.challenge(), totpAt(f.secret, f.now()))).status).toBe(200);
  });

  it("another user's calls against a factor do not count towards its limit", async () => {
    be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_MFA_VERIFY_PER_FACTOR: '2' });
    const victim = await enrolled(be);
    const attacker = await enrolled(be);
    alignToRateWindow(be);
    const ch = await victim.challenge();
    for (let i = 0; i < 5; i++) {
      const r = await call(be, 'POST', `/factors/${victim.id}/verify`, { challenge_id: ch, code: '123456' }, attacker.token);
      expect([r.status, r.body.error_code]).toEqual([404, 'mfa_factor_not_found']);
    }
    expect((await victim.verify(ch, totpAt(victim.secret, victim.now()))).status).toBe(200);
  });

  it('limits verify calls per client IP', async () => {
    be = await startTestBackend({ MAILER_AUTOCONFIRM: 'true', RATE_LIMIT_MFA_VERIFY_PER_IP: '3' });
    const a = await enrolled(be);
    const b = await enrolled(be);
    alignToRateWindow(be);
    expect((await a.verify(await a.challenge(), a.wrong())).status).toBe(422);
    expect((await a.verify(await a.challenge(), a.wrong())).status).toBe(422);
    expect((await b.verify(await b.challenge(), b.wrong())).status).toBe(422);
    const over = await b.verify(await b.challenge(), totpAt(b.secret, b.now()));
    expect([over.status, over.body.error_code]).toEqual([429, 'over_request_rate_limit']);
  });
});
