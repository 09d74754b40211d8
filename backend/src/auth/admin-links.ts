/**
 * POST /admin/generate_link (auth.admin.generateLink: signup, magiclink, recovery, invite,
 * email_change_current, email_change_new) — answers the user with action_link, email_otp,
 * hashed_token, verification_type and redirect_to, and mails nothing; POST /invite
 * (auth.admin.inviteUserByEmail) — mails an invitation. Both admin only (admin.ts's guard).
 */
import type { FastifyInstance } from 'fastify';
import { auditor } from './admin-audit';
import { metadata } from './admin-params';
import { bodyOf, queryOf } from './context';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { createUnconfirmedUser, issueLink, type LinkKind } from './links';
import { composeMail, deliverMail } from './mailer';
import { checkPasswordStrength, hashPassword } from './passwords';
import { enforceRateLimits } from './ratelimit';
import { resolveRedirect } from './redirects';
import { findUserByEmail, loadUserJson } from './users';
import { isUniqueViolation } from './util';

const KINDS: Record<string, LinkKind> = {
  signup: 'signup', magiclink: 'magiclink', recovery: 'recovery', invite: 'invite',
  email_change_current: 'email_change', email_change_new: 'email_change',
};

export function adminLinkRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.post('/admin/generate_link', async (request) => {
    const body = bodyOf(request);
    const kind = typeof body.type === 'string' && Object.hasOwn(KINDS, body.type) ? KINDS[body.type]! : null;
    if (!kind) throw AuthErrors.validation('Invalid email action link type requested');
    const email = normaliseEmail(body.email);
    const data = metadata(body.data, 'data') ?? {};
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    const newEmail = kind === 'email_change' ? normaliseEmail(body.new_email) : null;
    let passwordHash: string | null = null;
    if (kind === 'signup') {
      if (typeof body.password !== 'string' || body.password === '') throw AuthErrors.unprocessable('Signup requires a valid password');
      checkPasswordStrength(body.password);
      passwordHash = await hashPassword(body.password);
    }
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if ((kind === 'signup' || kind === 'invite') && user?.email_confirmed_at) throw AuthErrors.emailExists();
      if ((kind === 'magiclink' || kind === 'recovery' || kind === 'email_change') && !user) throw AuthErrors.userNotFoundLink();
      if (newEmail && (await findUserByEmail(tx, newEmail))) throw AuthErrors.emailExists();
      user ??= await createUnconfirmedUser(services, tx, email, data, passwordHash, false);
      const bound = kind === 'signup' ? { passwordHash, userMeta: data } : kind === 'invite' ? { userMeta: data } : undefined;
      const issued = await issueLink(services, tx, { userId: user.id, kind, relatesTo: newEmail ?? email, redirectTo, bound, keepOthers: kind === 'signup' });
      await audit(tx, 'generate_link', { user_id: user.id, user_email: email, type: body.type });
      const fresh = (await findUserByEmail(tx, email))!;
      return {
        ...(await loadUserJson(tx, fresh)),
        action_link: issued.link, email_otp: issued.code, hashed_token: issued.tokenHash, verification_type: kind, redirect_to: redirectTo,
      };
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AuthErrors.emailExists();
      throw error;
    });
  });

  app.post('/invite', async (request) => {
    const body = bodyOf(request);
    const email = normaliseEmail(body.email);
    const data = metadata(body.data, 'data') ?? {};
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    await enforceRateLimits(services, [{ key: `email:${email}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' }]);
    const audit = auditor(app, request);
    const { user, mail } = await db.transaction(async (tx) => {
      let found = await findUserByEmail(tx, email);
      if (found?.email_confirmed_at) throw AuthErrors.emailExists();
      found ??= await createUnconfirmedUser(services, tx, email, data);
      const issued = await issueLink(services, tx, { userId: found.id, kind: 'invite', relatesTo: email, redirectTo, bound: { userMeta: data } });
      await audit(tx, 'user_invited', { user_id: found.id, user_email: email });
      return { user: await loadUserJson(tx, (await findUserByEmail(tx, email))!), mail: composeMail('invite', email, issued.link, issued.code) };
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AuthErrors.emailExists();
      throw error;
    });
    await deliverMail(services, request.log, mail);
    return user;
  });
}
