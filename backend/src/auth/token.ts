/**
 * POST /token?grant_type=password | refresh_token | pkce
 *   password       {email, password}            → session; unknown email and wrong password give
 *                                                 the same 400 invalid_credentials (dummy verify)
 *   refresh_token  {refresh_token}              → rotated session (see sessions.ts)
 *   pkce           {auth_code, code_verifier}   → session for a finished email-link/OAuth flow
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { bodyOf, clientIp, queryOf, userAgent } from './context';
import { disabledGrant } from './disabled';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { consumeAuthCode } from './flow';
import { verifyPassword } from './passwords';
import { countEvents, currentCounts, enforceRateLimits, windowRetryAfter } from './ratelimit';
import { createSession, deleteSession, refreshSession } from './sessions';
import { findUserByEmail, findUserById, isBanned } from './users';

/** The amr method recorded for a finished flow. */
const FLOW_AMR: Record<string, string> = { 'email/signup': 'otp', recovery: 'recovery', email_change: 'otp', oauth: 'oauth' };

/**
 * Password guessing is limited by failures, not attempts, so a stranger cannot lock the owner out:
 *   - per IP and address: RATE_LIMIT_SIGN_IN_PER_IP_EMAIL wrong passwords, then 429 for that IP;
 *   - per address, from everywhere: past RATE_LIMIT_SIGN_IN_PER_EMAIL wrong passwords, only IPs
 *     that have not failed on this address in the window still get their password checked.
 * The owner, on an IP that has not guessed wrong, always gets in with the right password; a
 * distributed guesser gets one guess per fresh IP once the address is under attack.
 * Returns the keys to count when this attempt fails.
 */
async function signInGate(services: Services, ip: string, email: string): Promise<string[]> {
  const { config } = services;
  const keys = [`sign_in_failed:ip_email:${ip}:${email}`, `sign_in_failed:email:${email}`];
  const [mine = 0, all = 0] = await currentCounts(services, keys);
  if (mine >= config.RATE_LIMIT_SIGN_IN_PER_IP_EMAIL || (mine > 0 && all >= config.RATE_LIMIT_SIGN_IN_PER_EMAIL)) {
    throw AuthErrors.overRequestRateLimit(windowRetryAfter(services));
  }
  return keys;
}

export function tokenRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.post('/token', async (request) => {
    const grantType = queryOf(request).grant_type ?? bodyOf(request).grant_type;
    const body = bodyOf(request);
    const ip = clientIp(request);

    if (grantType === 'password') {
      if (!body.email && body.phone) throw AuthErrors.phoneProviderDisabled();
      let email: string;
      try {
        email = normaliseEmail(body.email);
      } catch {
        throw AuthErrors.invalidCredentials();
      }
      const password = typeof body.password === 'string' ? body.password : '';
      await enforceRateLimits(services, [{ key: `sign_in:ip:${ip}`, max: config.RATE_LIMIT_SIGN_IN_PER_IP }]);
      const failures = await signInGate(services, ip, email);
      const user = await db.transaction((tx) => findUserByEmail(tx, email), { readOnly: true });
      const ok = await verifyPassword(password, user?.encrypted_password); // outside any transaction
      if (!user || !ok) {
        await countEvents(services, failures);
        throw AuthErrors.invalidCredentials();
      }
      if (!user.email_confirmed_at) throw AuthErrors.emailNotConfirmed();
      if (isBanned(user, services.now())) throw AuthErrors.userBanned();
      return db.transaction((tx) => createSession(services, tx, user, { method: 'password', ip, userAgent: userAgent(request) }));
    }

    if (grantType === 'refresh_token') {
      const token = body.refresh_token;
      if (typeof token !== 'string' || !token) throw AuthErrors.refreshTokenNotFound();
      await enforceRateLimits(services, [{ key: `refresh:ip:${ip}`, max: config.RATE_LIMIT_TOKEN_REFRESH_PER_IP }]);
      const result = await db.transaction((tx) => refreshSession(services, tx, token));
      if ('revokeSession' in result) {
        // A rotated token used again after the reuse window: assume it leaked, end the session.
        await db.transaction((tx) => deleteSession(tx, result.revokeSession));
        request.log.warn({ session_id: result.revokeSession }, 'refresh token reused after the reuse window: session revoked');
        throw AuthErrors.refreshTokenAlreadyUsed();
      }
      return result;
    }

    if (grantType === 'pkce') {
      return db.transaction(async (tx) => {
        const flow = await consumeAuthCode(services, tx, body.auth_code, body.code_verifier);
        const user = await findUserById(tx, flow.user_id);
        if (!user) throw AuthErrors.flowStateNotFound();
        if (isBanned(user, services.now())) throw AuthErrors.userBanned();
        return createSession(services, tx, user, { method: FLOW_AMR[flow.authentication_method] ?? 'otp', ip, userAgent: userAgent(request) });
      });
    }

    throw disabledGrant(grantType, bodyOf(request)) ?? AuthErrors.unsupportedGrant();
  });
}
