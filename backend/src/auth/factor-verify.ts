/**
 * POST /factors/{id}/verify {challenge_id, code} → the session JSON at aal2 (amr gains totp);
 * for a WebAuthn factor {challenge_id, webauthn: {type, credential_response}} (factor-webauthn.ts,
 * amr gains mfa/webauthn), bounded the same way.
 *
 * A six-digit code is guessable, so every attempt is bounded three ways:
 *   - per client IP and per factor: RATE_LIMIT_MFA_VERIFY_PER_IP / _PER_FACTOR calls per
 *     RATE_LIMIT_WINDOW (429 over_request_rate_limit with Retry-After). The factor counter only
 *     moves once the factor is known to be the caller's, so nobody can lock another's factor.
 *   - per challenge: after MFA_CHALLENGE_MAX_ATTEMPTS wrong codes the challenge is dead; even the
 *     right code then answers 422 mfa_challenge_expired and the client must make a new challenge.
 * With the defaults (15 per factor per 5 min, ±1 step = 3 valid codes of 10^6) a guesser's odds
 * are about 1.3 % per day, and every failure is visible in the challenge's row.
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken, bodyOf, clientIp, loadCaller, verifyAccessToken } from './context';
import { AuthErrors } from './errors';
import { checkWebauthn, requireVerifyEnabled, type WebAuthnAnswer } from './factor-webauthn';
import { enforceRateLimits } from './ratelimit';
import { upgradeSession } from './sessions';
import { findFactor, markFactorVerified } from './store/factors';
import { countWrongChallengeCode, deleteChallenge, lockChallenge, markChallengeVerified } from './store/mfa-challenges';
import { checkTotp } from './totp';
import { iso, ms, UUID } from './util';
import { parseVerifyBody } from './webauthn';

/** A challenge must be answered within this time (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
export const CHALLENGE_TTL_MS = 300_000;

export function verifyFactorRoute(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.post('/factors/:id/verify', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { id } = request.params as { id: string };
    await enforceRateLimits(services, [{ key: `mfa_verify:ip:${clientIp(request)}`, max: config.RATE_LIMIT_MFA_VERIFY_PER_IP }]);

    const owned = await db.transaction(async (tx) => {
      const { user } = await loadCaller(tx, claims);
      if (!UUID.test(id)) return null;
      return findFactor(tx, user.id, id);
    }, { readOnly: true });
    if (!owned) throw AuthErrors.mfaFactorNotFound();
    const body = bodyOf(request);
    const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : '';
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    let answer: WebAuthnAnswer | null = null;
    if (owned.factor_type === 'webauthn') {
      requireVerifyEnabled(services);
      answer = parseVerifyBody(body);
    }
    await enforceRateLimits(services, [{ key: `mfa_verify:factor:${id.toLowerCase()}`, max: config.RATE_LIMIT_MFA_VERIFY_PER_FACTOR }]);

    const outcome = await db.transaction(async (tx) => {
      const { user, session } = await loadCaller(tx, claims);
      const factor = await findFactor(tx, user.id, id);
      if (!factor) throw AuthErrors.mfaFactorNotFound();
      if (!UUID.test(challengeId)) throw AuthErrors.mfaChallengeNotFound();
      const challenge = await lockChallenge(tx, factor.id, challengeId);
      if (!challenge) throw AuthErrors.mfaChallengeNotFound();
      const nowMs = services.now();
      const dead = Number(challenge.failed_attempts) >= config.MFA_CHALLENGE_MAX_ATTEMPTS;
      if (dead || challenge.verified_at || nowMs - ms(challenge.created_at) > CHALLENGE_TTL_MS) {
        // Removed in a committed transaction, below.
        return { kind: 'expired', challengeId: challenge.id } as const;
      }
      const ok = answer ? await checkWebauthn(services, tx, factor, challenge.web_authn_session_data, answer, nowMs) : checkTotp(code, factor.secret ?? '', nowMs);
      if (!ok) {
        // Returned, not thrown: the count must commit.
        await countWrongChallengeCode(tx, challenge.id);
        return { kind: 'failed' } as const;
      }
      await markChallengeVerified(tx, challenge.id, iso(nowMs));
      await markFactorVerified(tx, factor.id, iso(nowMs));
      return { kind: 'verified', session: await upgradeSession(services, tx, user, session.id, factor.id, answer ? 'mfa/webauthn' : 'totp') } as const;
    });
    if (outcome.kind === 'expired') {
      await db.transaction((tx) => deleteChallenge(tx, outcome.challengeId));
      throw AuthErrors.mfaChallengeExpired();
    }
    if (outcome.kind === 'failed') throw answer ? AuthErrors.mfaWebauthnVerificationFailed() : AuthErrors.mfaVerificationFailed();
    return outcome.session;
  });
}
