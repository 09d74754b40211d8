/**
 * POST /recover {email, code_challenge?, code_challenge_method?} ?redirect_to=
 * Mails a password-reset link (/verify?type=recovery) when the address has an account, and
 * answers 200 {} either way, so it does not reveal which addresses exist. Following the link signs
 * the person in (PKCE: ?code=…, which supabase-js exchanges and reports as PASSWORD_RECOVERY);
 * the app then sets the new password with PUT /user.
 */
import type { FastifyInstance } from 'fastify';
import { bodyOf, clientIp, queryOf } from './context';
import { normaliseEmail } from './emails';
import { createFlowState, pkceParams } from './flow';
import { composeMail, deliverMail, type AuthMail } from './mailer';
import { issueOneTimeToken, verifyLink } from './otp';
import { enforceRateLimits } from './ratelimit';
import { resolveRedirect } from './redirects';
import { markMailSent } from './store/users';
import { findUserByEmail } from './users';
import { iso } from './util';

export function recoverRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.post('/recover', async (request) => {
    const body = bodyOf(request);
    const email = normaliseEmail(body.email);
    const pkce = pkceParams(body);
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    await enforceRateLimits(services, [
      { key: `recover:ip:${clientIp(request)}`, max: config.RATE_LIMIT_RECOVER_PER_IP },
      { key: `email:${email}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' },
    ]);
    const mail = await db.transaction(async (tx): Promise<AuthMail | null> => {
      const user = await findUserByEmail(tx, email);
      if (!user) return null;
      const flow = pkce ? await createFlowState(services, tx, { userId: user.id, method: 'recovery', pkce }) : null;
      const token = await issueOneTimeToken(services, tx, { userId: user.id, type: 'recovery_token', relatesTo: email, flowStateId: flow?.id ?? null, redirectTo });
      await markMailSent(tx, user.id, 'recovery_sent_at', iso(services.now()));
      return composeMail('recovery', email, verifyLink(services, token, 'recovery', redirectTo));
    });
    if (mail) await deliverMail(services, request.log, mail);
    return {};
  });
}
