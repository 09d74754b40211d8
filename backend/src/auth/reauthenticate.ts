/**
 * Reauthentication for password changes (GoTrue's secure password change).
 *   GET /reauthenticate → 200 {} and a mail with a six-digit nonce to the caller's address.
 * PUT /user {password} from a session signed in more than RECENT_SIGN_IN_MS ago must carry that
 * nonce (`{password, nonce}`): a stolen old session cannot lock the owner out, while a fresh
 * sign-in or a recovery link (both new sessions) change the password directly.
 *
 * Only a hash of (user id, nonce) is stored, single use, valid MAILER_OTP_EXP seconds; a new
 * nonce replaces the previous one. Nonce attempts are limited per user (a six-digit code is
 * guessable), 5 per RATE_LIMIT_WINDOW.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { bearerToken, loadCaller, verifyAccessToken } from './context';
import { AuthErrors } from './errors';
import { composeCodeMail, deliverMail } from './mailer';
import { enforceRateLimits } from './ratelimit';
import type { SessionRow } from './sessions';
import { replaceReauthNonce, takeReauthNonce } from './store/one-time-tokens';
import type { UserRow } from './users';
import { iso, ms, sha256Hex } from './util';

/** A session younger than this may change its password without a nonce (GoTrue: 24 hours). */
export const RECENT_SIGN_IN_MS = 24 * 3600 * 1000;
const NONCE_ATTEMPTS_PER_WINDOW = 5;

const nonceHash = (userId: string, nonce: string) => sha256Hex(`reauthentication:${userId}:${nonce}`);

export function reauthenticateRoutes(app: FastifyInstance): void {
  const services = app.services;
  app.get('/reauthenticate', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { user } = await services.db.transaction((tx) => loadCaller(tx, claims), { readOnly: true });
    const email = user.email;
    if (!email) throw AuthErrors.unprocessable('Reauthentication requires the user to have an email or a phone number');
    await enforceRateLimits(services, [{ key: `email:${email}`, max: services.config.RATE_LIMIT_EMAIL_SENT, kind: 'email' }]);
    const nonce = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await services.db.transaction((tx) => replaceReauthNonce(tx, user.id, nonceHash(user.id, nonce), email, iso(services.now())));
    await deliverMail(services, request.log, composeCodeMail(email, nonce));
    return {};
  });
}

/** True when this password change needs a nonce. */
export function needsReauthentication(services: Services, session: SessionRow): boolean {
  return services.config.SECURE_PASSWORD_CHANGE && services.now() - ms(session.created_at) > RECENT_SIGN_IN_MS;
}

/** Before any work: a nonce must be present, and its attempts are counted per user. */
export async function precheckNonce(services: Services, user: UserRow, nonce: unknown): Promise<string> {
  if (typeof nonce !== 'string' || nonce === '') throw AuthErrors.reauthenticationNeeded();
  await enforceRateLimits(services, [{ key: `reauthentication:user:${user.id}`, max: NONCE_ATTEMPTS_PER_WINDOW }]);
  return nonce;
}

/** Inside the transaction that changes the password: burn the nonce, or refuse (rolling the change back). */
export async function consumeNonce(services: Services, tx: Tx, user: UserRow, nonce: string): Promise<void> {
  const row = await takeReauthNonce(tx, user.id, nonceHash(user.id, nonce));
  if (!row || services.now() - ms(row.created_at) > services.config.MAILER_OTP_EXP * 1000) throw AuthErrors.reauthenticationNotValid();
}
