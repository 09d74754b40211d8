/**
 * Signing in with a passkey (GoTrue's routes; the apikey only, no user named first):
 *   POST /passkeys/authentication/options                     → {challenge_id, options (request options, no allowCredentials), expires_at}
 *   POST /passkeys/authentication/verify {challenge_id, credential} → the session JSON (aal1, amr passkey)
 * The account comes from the credential the authenticator chose; its user handle, when sent, must
 * be that account's. Both calls count against RATE_LIMIT_PASSKEY per IP; a ceremony is one-time.
 * An unconfirmed or banned account is refused as a password sign-in would be.
 */
import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIp, userAgent } from './context';
import { AuthErrors } from './errors';
import { PASSKEY_CHALLENGE_TTL_MS, requirePasskeys, storedCredential, takeCeremony } from './passkeys';
import { enforceRateLimits } from './ratelimit';
import { createSession } from './sessions';
import { insertPasskeyChallenge, passkeyByCredentialId, usePasskey } from './store/passkeys';
import { findUserById, isBanned } from './users';
import { iso } from './util';
import { authenticationOptions, parseCredential, verifyAssertion } from './webauthn';

export function passkeySignInRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { db } = services;
  const limit = (ip: string) => enforceRateLimits(services, [{ key: `passkey:ip:${ip}`, max: services.config.RATE_LIMIT_PASSKEY }]);

  app.post('/passkeys/authentication/options', async (request) => {
    requirePasskeys(services);
    await limit(clientIp(request));
    const { options, state } = await authenticationOptions(services.config.webauthn, null);
    const nowMs = services.now();
    const challengeId = await db.transaction((tx) => insertPasskeyChallenge(tx, 'authentication', null, state.challenge, iso(nowMs), iso(nowMs - PASSKEY_CHALLENGE_TTL_MS)));
    return { challenge_id: challengeId, options, expires_at: Math.floor((nowMs + PASSKEY_CHALLENGE_TTL_MS) / 1000) };
  });

  app.post('/passkeys/authentication/verify', async (request) => {
    requirePasskeys(services);
    const ip = clientIp(request);
    await limit(ip);
    const body = bodyOf(request);
    const answer = parseCredential('request', body.credential, 'Invalid credential');
    const outcome = await db.transaction(async (tx) => {
      const { expired, state } = await takeCeremony(services, tx, body, 'authentication', null);
      // Returned, not thrown: taking the ceremony must commit (one use, even when it fails).
      if (expired) return { error: AuthErrors.webauthnChallengeExpired() };
      const passkey = answer.type === 'request' ? await passkeyByCredentialId(tx, answer.response.id) : null;
      const user = passkey ? await findUserById(tx, passkey.user_id) : null;
      if (!passkey || !user || answer.type !== 'request') return { error: AuthErrors.webauthnVerificationFailed() };
      const stored = storedCredential(passkey);
      const counter = await verifyAssertion(services.config.webauthn, state, stored, user.id, answer.response);
      if (counter === null || !(await usePasskey(tx, passkey.id, stored.counter, counter, iso(services.now())))) return { error: AuthErrors.webauthnVerificationFailed() };
      if (!user.email_confirmed_at && !user.phone_confirmed_at) return { error: AuthErrors.emailNotConfirmed() };
      if (isBanned(user, services.now())) return { error: AuthErrors.userBanned() };
      return { session: await createSession(services, tx, user, { method: 'passkey', ip, userAgent: userAgent(request) }) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.session;
  });
}
