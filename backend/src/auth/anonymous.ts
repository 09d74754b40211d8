/**
 * signInAnonymously (POST /signup with neither email nor phone), behind ENABLE_ANONYMOUS_SIGN_INS
 * (off by default: 422 anonymous_provider_disabled, as GoTrue). On: a user with is_anonymous
 * true (the access token's is_anonymous claim says so to RLS policies), no identity and no
 * email, signed in at once; RATE_LIMIT_ANONYMOUS_PER_IP per window. Such a user becomes a
 * permanent one by adding an email (PUT /user) and confirming it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { clientIp, userAgent } from './context';
import { AuthErrors } from './errors';
import { enforceRateLimits } from './ratelimit';
import { createSession, type SessionJson } from './sessions';
import { insertUser } from './store/users';
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
