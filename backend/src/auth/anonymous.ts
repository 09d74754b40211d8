/**
 * signInAnonymously (POST /signup with neither email nor phone), behind ENABLE_ANONYMOUS_SIGN_INS
 * (off by default: 422 anonymous_provider_disabled, as GoTrue). On: a user with is_anonymous
 * true (the access token's is_anonymous claim says so to RLS policies), no identity and no
 * email, signed in at once; RATE_LIMIT_ANONYMOUS_PER_IP per window. Such a user becomes a
 * permanent one by adding an email (PUT /user) and confirming it (makePermanent).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/types';
import type { Services } from '../services';
import { clientIp, userAgent } from './context';
import { AuthErrors } from './errors';
import { enforceRateLimits } from './ratelimit';
import { createSession, type SessionJson } from './sessions';
import { insertIdentity, identitiesOf } from './store/identities';
import { updateUser } from './store/user-changes';
import { insertUser } from './store/users';
import type { UserRow } from './users';
import { iso, isPlainObject } from './util';

export async function signInAnonymously(services: Services, request: FastifyRequest, body: Record<string, unknown>): Promise<SessionJson> {
  const { config } = services;
  if (!config.ENABLE_ANONYMOUS_SIGN_INS) throw AuthErrors.anonymousProviderDisabled();
  if (config.DISABLE_SIGNUP) throw AuthErrors.signupDisabled();
  const data = body.data === undefined || body.data === null ? {} : body.data;
  if (!isPlainObject(data)) throw AuthErrors.validation('data must be a JSON object');
  const ip = clientIp(request);
  await enforceRateLimits(services, [{ key: `anonymous:ip:${ip}`, max: config.RATE_LIMIT_ANONYMOUS_PER_IP }]);
  return services.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      id: randomUUID(), email: null, passwordHash: null, confirmedAt: null, role: 'authenticated', isAnonymous: true,
      appMeta: {}, userMeta: data, at: iso(services.now()),
    });
    return createSession(services, tx, user, { method: 'anonymous', ip, userAgent: userAgent(request) });
  });
}

/**
 * An anonymous user whose new email was just confirmed: an email identity, the email provider in
 * app_metadata, is_anonymous false (GoTrue's conversion). A no-op for anyone else.
 */
export async function makePermanent(tx: Tx, user: UserRow, email: string, at: string): Promise<void> {
  if (!user.is_anonymous) return;
  if (!(await identitiesOf(tx, user.id)).some((i) => i.provider === 'email')) {
    await insertIdentity(tx, { userId: user.id, provider: 'email', providerId: user.id, at, data: { sub: user.id, email, email_verified: true, phone_verified: false } });
  }
  await updateUser(tx, user.id, { isAnonymous: false, appMeta: { provider: 'email', providers: ['email'] } }, at);
}
