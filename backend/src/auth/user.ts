/**
 * GET /user — the caller (with identities and factors).
 * PUT /user {password?, email?, data?, nonce?} ?redirect_to= — change the caller. With a verified MFA
 * factor, changing email or password needs an aal2 session. A new password ends every other
 * session; from a session older than 24 h it needs a nonce (reauthenticate.ts). A new email is confirmed through a
 * link mailed to it (immediately with MAILER_AUTOCONFIRM).
 */
import type { FastifyInstance } from 'fastify';
import { makePermanent } from './anonymous';
import { bearerToken, bodyOf, loadCaller, queryOf, verifyAccessToken } from './context';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { createFlowState, pkceParams } from './flow';
import { composeMail, deliverMail, type AuthMail } from './mailer';
import { issueOneTimeToken, verifyLink } from './otp';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords';
import { enforceRateLimits } from './ratelimit';
import { consumeNonce, needsReauthentication, precheckNonce } from './reauthenticate';
import { resolveRedirect } from './redirects';
import { hasVerifiedFactor } from './store/factors';
import { updateEmailIdentity } from './store/identities';
import { endSessionsOf } from './store/sessions';
import { setConfirmedEmail, setPassword, setUserMeta } from './store/user-changes';
import { emailTakenByOther, markMailSent } from './store/users';
import { findUserById, loadUserJson } from './users';
import { iso, isPlainObject, isUniqueViolation, json } from './util';

export function userRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.get('/user', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    return db.transaction(async (tx) => loadUserJson(tx, (await loadCaller(tx, claims)).user), { readOnly: true });
  });

  app.put('/user', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    // The session first (GoTrue's requireAuthentication): an ended session is 403 whatever the body.
    const before = await db.transaction(async (tx) => {
      const caller = await loadCaller(tx, claims);
      const verified = await hasVerifiedFactor(tx, caller.user.id);
      return { ...caller, verified };
    }, { readOnly: true });
    const body = bodyOf(request);
    if (body.phone !== undefined && body.phone !== null && body.phone !== '') throw AuthErrors.phoneProviderDisabled();
    if (body.data !== undefined && body.data !== null && !isPlainObject(body.data)) throw AuthErrors.validation('data must be a JSON object');
    const password = body.password === undefined || body.password === null ? undefined : body.password;
    const newEmail = body.email === undefined || body.email === null || body.email === '' ? undefined : normaliseEmail(body.email);
    if (password !== undefined) checkPasswordStrength(password);

    const emailChanges = newEmail !== undefined && newEmail !== before.user.email;
    if ((password !== undefined || emailChanges) && before.verified && before.session.aal !== 'aal2') {
      throw AuthErrors.insufficientAal('AAL2 session is required to update email or password when MFA is enabled.', 401);
    }
    const nonce = password !== undefined && needsReauthentication(services, before.session) ? await precheckNonce(services, before.user, body.nonce) : undefined;
    let passwordHash: string | undefined;
    if (password !== undefined) {
      // Outside any transaction: argon2 is slow on purpose.
      if (await verifyPassword(password, before.user.encrypted_password)) throw AuthErrors.samePassword();
      passwordHash = await hashPassword(password);
    }
    if (emailChanges && !config.MAILER_AUTOCONFIRM) {
      await enforceRateLimits(services, [{ key: `email:${newEmail}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' }]);
    }
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to);
    const pkce = emailChanges ? pkceParams(body) : null;

    const mails: AuthMail[] = [];
    const result = await db.transaction(async (tx) => {
      const { user, session } = await loadCaller(tx, claims);
      const now = iso(services.now());
      if (nonce !== undefined) await consumeNonce(services, tx, user, nonce);
      if (passwordHash) {
        await setPassword(tx, user.id, passwordHash, now);
        // GoTrue's behaviour: a new password ends every other session (their refresh tokens go
        // with them), so whoever held an old session or the old password is out.
        await endSessionsOf(tx, user.id, session.id);
      }
      if (isPlainObject(body.data)) {
        const merged: Record<string, unknown> = { ...json<Record<string, unknown>>(user.raw_user_meta_data, {}) };
        for (const [k, v] of Object.entries(body.data)) {
          if (v === null) delete merged[k];
          else merged[k] = v;
        }
        await setUserMeta(tx, user.id, merged, now);
      }
      if (emailChanges && newEmail) {
        if (await emailTakenByOther(tx, newEmail, user.id)) throw AuthErrors.emailExists();
        if (config.MAILER_AUTOCONFIRM) {
          await setConfirmedEmail(tx, user.id, newEmail, now, false);
          await updateEmailIdentity(tx, user.id, { email: newEmail }, now);
          await makePermanent(tx, user, newEmail, now);
        } else {
          const flow = pkce ? await createFlowState(services, tx, { userId: user.id, method: 'email_change', pkce }) : null;
          const token = await issueOneTimeToken(services, tx, { userId: user.id, type: 'email_change_token', relatesTo: newEmail, flowStateId: flow?.id ?? null, redirectTo });
          await markMailSent(tx, user.id, 'email_change_sent_at', now, newEmail);
          mails.push(composeMail('email_change', newEmail, verifyLink(services, token, 'email_change', redirectTo)));
        }
      }
      return loadUserJson(tx, (await findUserById(tx, user.id))!);
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AuthErrors.emailExists();
      throw error;
    });
    for (const mail of mails) await deliverMail(services, request.log, mail);
    return result;
  });
}
