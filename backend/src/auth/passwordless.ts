/**
 * POST /otp {email, create_user, data, code_challenge?, code_challenge_method?} ?redirect_to=
 * (signInWithOtp) and the older POST /magiclink {email}: mails a sign-in link that also carries a
 * six-digit code (verifyOtp({email, token, type: 'email'})). 200 {} when mailed.
 *
 * An existing account gets a magic link; proving an unconfirmed address through it keeps nothing
 * set before (like a recovery link), so nobody pre-claims an address. An unknown address gets a
 * new unconfirmed account and a sign-up link carrying `data` — unless create_user is false (422
 * otp_disabled, as GoTrue) or sign-ups are off. Same limits as the other mails: per IP and per
 * address; the links are single use and expire after MAILER_OTP_EXP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyOf, clientIp, queryOf } from './context';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { pkceParams } from './flow';
import { createUnconfirmedUser, issueLink } from './links';
import { composeMail, deliverMail } from './mailer';
import { enforceRateLimits } from './ratelimit';
import { resolveRedirect } from './redirects';
import { findUserByEmail, isBanned } from './users';
import { isPlainObject, isUniqueViolation } from './util';

export function passwordlessRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  const handler = async (request: FastifyRequest) => {
    const body = bodyOf(request);
    if (!body.email && body.phone) throw AuthErrors.phoneProviderDisabled();
    const email = normaliseEmail(body.email);
    const createUser = body.create_user === undefined || body.create_user === null ? true : body.create_user;
    if (typeof createUser !== 'boolean') throw AuthErrors.validation('create_user must be a boolean');
    const data = body.data === undefined || body.data === null ? {} : body.data;
    if (!isPlainObject(data)) throw AuthErrors.validation('data must be a JSON object');
    const pkce = pkceParams(body);
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    await enforceRateLimits(services, [
      { key: `otp:ip:${clientIp(request)}`, max: config.RATE_LIMIT_OTP_PER_IP },
      { key: `email:${email}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' },
    ]);
    const mail = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (user) {
        if (isBanned(user, services.now())) return null; // mails nothing; answers as usual
        const issued = await issueLink(services, tx, { userId: user.id, kind: 'magiclink', relatesTo: email, redirectTo, pkce });
        return composeMail('magiclink', email, issued.link, issued.code);
      }
      if (!createUser) throw AuthErrors.otpDisabled();
      if (config.DISABLE_SIGNUP) throw AuthErrors.signupDisabled();
      const created = await createUnconfirmedUser(services, tx, email, data);
      const issued = await issueLink(services, tx, { userId: created.id, kind: 'signup', relatesTo: email, redirectTo, pkce, bound: { userMeta: data } });
      return composeMail('signup', email, issued.link, issued.code);
    }).catch((error: unknown) => {
      // Two requests for one new address at once: the loser mails nothing and answers as usual.
      if (isUniqueViolation(error)) return null;
      throw error;
    });
    if (mail) await deliverMail(services, request.log, mail);
    return {};
  };
  app.post('/otp', handler);
  app.post('/magiclink', handler);
}
