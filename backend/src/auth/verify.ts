/**
 * Email links. GET /verify?token=…&type=signup|recovery|email_change&redirect_to=… confirms and
 * sends the browser back to redirect_to (allowed URLs only): with ?code=… when the flow started
 * with a PKCE challenge (supabase-js exchanges it), otherwise with the session in the fragment
 * (implicit flow). A bad or expired link lands on redirect_to with
 * #error=access_denied&error_code=otp_expired&error_description=….
 * POST /verify {type, token_hash} or {type, email, token: six-digit code} answers with the session
 * JSON instead (verifyOtp). Types: signup, email, magiclink, invite, recovery, email_change.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { AuthApiError } from '../http/errors';
import { bodyOf, clientIp, lenientQueryOf, userAgent } from './context';
import { AuthErrors } from './errors';
import { issueAuthCode } from './flow';
import { makePermanent } from './anonymous';
import { consumeCode, limitCodeTries } from './email-codes';
import { normaliseEmail } from './emails';
import { consumeOneTimeToken, LINK_TYPES, type OneTimeTokenRow, type TokenType } from './otp';
import { proveAddress, proofOf } from './prove-address';
import { enforceRateLimits } from './ratelimit';
import { errorRedirect, resolveRedirect, withFragment, withQuery } from './redirects';
import { createSession, type SessionJson } from './sessions';
import { findFlow } from './store/flow-state';
import { updateEmailIdentity } from './store/identities';
import { setConfirmedEmail } from './store/user-changes';
import { emailTakenByOther } from './store/users';
import { findUserById, isBanned } from './users';
import { iso } from './util';

const AMR: Record<string, string> = { signup: 'otp', email: 'otp', recovery: 'recovery', email_change: 'otp', magiclink: 'magiclink', invite: 'invite' };

type Outcome = { kind: 'code'; code: string; redirectTo: string | null } | { kind: 'session'; session: SessionJson; redirectTo: string | null };

/** The token types of a /verify `type` (own keys only: "constructor" must not find Object.prototype's members). */
function tokenTypesOf(type: string): TokenType[] {
  if (type === 'sms' || type === 'phone_change') throw AuthErrors.phoneProviderDisabled();
  const types = Object.hasOwn(LINK_TYPES, type) ? LINK_TYPES[type] : undefined;
  if (!types) throw AuthErrors.validation('Verify requires a verification type');
  return types;
}

type Consume = (tx: Tx, types: TokenType[]) => Promise<OneTimeTokenRow | null>;

async function verifyToken(services: Services, tx: Tx, request: FastifyRequest, consume: Consume, type: string, pkceAllowed: boolean): Promise<Outcome> {
  const row = await consume(tx, tokenTypesOf(type));
  if (!row) throw AuthErrors.otpExpired();
  const tokenType = row.token_type;
  const user = await findUserById(tx, row.user_id);
  if (!user) throw AuthErrors.otpExpired();
  if (isBanned(user, services.now())) throw AuthErrors.userBanned();
  const now = iso(services.now());

  if (tokenType === 'email_change_token') {
    if (user.email_change !== row.relates_to) throw AuthErrors.otpExpired();
    if (await emailTakenByOther(tx, row.relates_to, user.id)) throw AuthErrors.emailExists();
    await setConfirmedEmail(tx, user.id, row.relates_to, now, true);
    await updateEmailIdentity(tx, user.id, { email: row.relates_to }, now);
    await makePermanent(tx, user, row.relates_to, now);
  } else if (!user.email_confirmed_at) {
    // A followed link proves the address; only what the link carries is kept (a sign-up's or an
    // invitation's credentials; nothing for a recovery or magic link).
    await proveAddress(services, tx, user, proofOf(tokenType === 'confirmation_token' || tokenType === 'invite_token' ? row : null));
  }
  const fresh = (await findUserById(tx, user.id))!;
  const flow = row.flow_state_id ? await findFlow(tx, row.flow_state_id) : null;
  if (flow && flow.code_challenge && pkceAllowed) {
    return { kind: 'code', code: await issueAuthCode(services, tx, flow.id, fresh.id), redirectTo: row.redirect_to };
  }
  const session = await createSession(services, tx, fresh, { method: AMR[type] ?? 'otp', ip: clientIp(request), userAgent: userAgent(request) });
  return { kind: 'session', session, redirectTo: row.redirect_to };
}

export function verifyRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.get('/verify', async (request, reply) => {
    const q = lenientQueryOf(request);
    const requested = q.redirect_to;
    try {
      await enforceRateLimits(services, [{ key: `verify:ip:${clientIp(request)}`, max: config.RATE_LIMIT_VERIFY_PER_IP }]);
      const token = q.token ?? q.token_hash ?? '';
      const type = q.type ?? '';
      const consume: Consume = (tx, types) => consumeOneTimeToken(services, tx, token, types);
      const outcome = await db.transaction((tx) => verifyToken(services, tx, request, consume, type, true));
      const target = resolveRedirect(config, requested ?? outcome.redirectTo);
      if (outcome.kind === 'code') return reply.redirect(withQuery(target, { code: outcome.code }), 303);
      const s = outcome.session;
      return reply.redirect(
        withFragment(target, {
          access_token: s.access_token,
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: s.refresh_token,
          token_type: 'bearer',
          type,
        }),
        303,
      );
    } catch (error) {
      if (!(error instanceof AuthApiError) || error.status >= 500) throw error;
      const target = resolveRedirect(config, requested);
      return reply.redirect(errorRedirect(target, error), 303);
    }
  });

  app.post('/verify', async (request) => {
    const body = bodyOf(request);
    await enforceRateLimits(services, [{ key: `verify:ip:${clientIp(request)}`, max: config.RATE_LIMIT_VERIFY_PER_IP }]);
    const type = typeof body.type === 'string' ? body.type : '';
    if (body.phone !== undefined && body.email === undefined) {
      // As GoTrue: the number's form first (its formatPhoneNumber and E.164 check); then, since no
      // account here has a phone number, no code for one can be right.
      const phone = typeof body.phone === 'string' ? body.phone.replace(/^\+/, '').replaceAll(' ', '') : '';
      if (!/^[1-9][0-9]{1,14}$/.test(phone)) throw AuthErrors.validation('Invalid phone number format (E.164 required)');
      throw AuthErrors.tokenInvalid();
    }
    let consume: Consume;
    if (body.email !== undefined && typeof body.token_hash !== 'string') {
      // verifyOtp({email, token, type}): the six-digit code, consumed (or counted wrong) in a transaction of its own.
      const email = normaliseEmail(body.email);
      const code = typeof body.token === 'string' ? body.token.trim() : '';
      const types = tokenTypesOf(type);
      await limitCodeTries(services, clientIp(request), email);
      const row = await db.transaction((tx) => consumeCode(services, tx, email, code, types));
      if (!row) throw AuthErrors.tokenInvalid();
      consume = async () => row;
    } else {
      const token = typeof body.token_hash === 'string' ? body.token_hash : typeof body.token === 'string' ? body.token : '';
      if (!token) throw AuthErrors.otpExpired();
      consume = (tx, types) => consumeOneTimeToken(services, tx, token, types);
    }
    const outcome = await db.transaction((tx) => verifyToken(services, tx, request, consume, type, false));
    if (outcome.kind !== 'session') throw AuthErrors.unexpected(new Error('POST /verify: a PKCE outcome where none was allowed'));
    return outcome.session;
  });
}
