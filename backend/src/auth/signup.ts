/**
 * POST /signup {email, password, data, code_challenge, code_challenge_method} ?redirect_to=
 * POST /resend {type: 'signup', email} — the confirmation mail again (200 {} either way).
 * With confirmations on: stores the user unconfirmed, mails a /verify link and answers with the
 * user (no session). Each link carries the password and metadata of the sign-up that asked for it:
 * a repeated sign-up of an unconfirmed address mails a link of its own (earlier ones stay valid),
 * and whichever link is followed decides the account's credentials (prove-address.ts), so nobody
 * can pre-claim an address they cannot read mail for.
 * A sign-up for an existing address answers with a made-up user of exactly the same shape as a
 * new one (ids, an email identity, metadata); what still tells them apart is documented in
 * docs/security.md. The owner of a confirmed address gets an "already registered" mail instead of a
 * link (counted by the same per-address mail limit). With MAILER_AUTOCONFIRM: answers with a session
 * (an existing address: 422).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { bodyOf, clientIp, queryOf, userAgent } from './context';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { createFlowState, pkceParams, type PkceParams } from './flow';
import { composeMail, deliverMail, type AuthMail } from './mailer';
import { issueOneTimeToken, verifyLink, type BoundCredentials } from './otp';
import { hashPassword, checkPasswordStrength } from './passwords';
import { signInAnonymously } from './anonymous';
import { proofOf } from './prove-address';
import { enforceRateLimits } from './ratelimit';
import { resolveRedirect } from './redirects';
import { createSession } from './sessions';
import { insertIdentity } from './store/identities';
import { latestToken } from './store/one-time-tokens';
import { findUserById, insertUser, markMailSent } from './store/users';
import { findUserByEmail, loadUserJson, renderUser, type IdentityRow, type UserRow } from './users';
import { iso, isPlainObject, isUniqueViolation } from './util';

export function signupRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config } = services;

  app.post('/signup', async (request) => {
    const body = bodyOf(request);
    // Neither an email nor a phone: an anonymous sign-in (GoTrue routes it the same way).
    if (!body.email && !body.phone) return signInAnonymously(services, request, body);
    if (config.DISABLE_SIGNUP) throw AuthErrors.signupDisabled();
    if (!body.email && body.phone) throw AuthErrors.phoneProviderDisabled();
    const email = normaliseEmail(body.email);
    if (typeof body.password !== 'string' || body.password === '') throw AuthErrors.unprocessable('Signup requires a valid password');
    checkPasswordStrength(body.password);
    const data = body.data === undefined || body.data === null ? {} : body.data;
    if (!isPlainObject(data)) throw AuthErrors.validation('data must be a JSON object');
    const pkce = pkceParams(body);
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    const ip = clientIp(request);

    await enforceRateLimits(services, [
      { key: `sign_up:ip:${ip}`, max: config.RATE_LIMIT_SIGN_UP_PER_IP },
      ...(config.MAILER_AUTOCONFIRM ? [] : [{ key: `email:${email}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' as const }]),
    ]);
    const passwordHash = await hashPassword(body.password); // outside any transaction

    const mails: AuthMail[] = [];
    const result = await services.db.transaction(async (tx) => {
      const nowMs = services.now();
      const bound = { passwordHash, userMeta: data };
      const confirmationMail = (u: UserRow, keepOthers: boolean) => prepareConfirmation(services, tx, u.id, email, pkce, redirectTo, bound, keepOthers);
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        if (config.MAILER_AUTOCONFIRM) throw AuthErrors.userAlreadyExists();
        if (!existing.email_confirmed_at) {
          // A link of its own for this sign-up; answer exactly as for a new address.
          mails.push(await confirmationMail(existing, true));
        } else {
          // The answer still looks like a new sign-up's; the address's owner learns by mail that
          // they already have an account (and how to get back in), so nobody waits for a link.
          mails.push(composeMail('already_registered', email, redirectTo));
        }
        return obfuscatedUser(email, data, nowMs);
      }
      const id = randomUUID();
      const confirmedAt = config.MAILER_AUTOCONFIRM ? iso(nowMs) : null;
      const userMeta = { ...data, email, email_verified: config.MAILER_AUTOCONFIRM, phone_verified: false, sub: id };
      const user = await insertUser(tx, {
        id, email, passwordHash, confirmedAt, appMeta: { provider: 'email', providers: ['email'] }, userMeta, role: 'authenticated', at: iso(nowMs),
      });
      await insertIdentity(tx, {
        userId: id, provider: 'email', providerId: id, at: iso(nowMs),
        data: { sub: id, email, email_verified: config.MAILER_AUTOCONFIRM, phone_verified: false },
      });
      if (config.MAILER_AUTOCONFIRM) {
        return createSession(services, tx, user, { method: 'password', ip, userAgent: userAgent(request) });
      }
      mails.push(await confirmationMail(user, false));
      const fresh = (await findUserById(tx, id))!;
      return loadUserJson(tx, fresh);
    }).catch((error: unknown) => {
      // Two sign-ups for one new address at once: the loser answers as for an existing address.
      if (isUniqueViolation(error)) {
        if (config.MAILER_AUTOCONFIRM) throw AuthErrors.userAlreadyExists();
        return obfuscatedUser(email, data, services.now());
      }
      throw error;
    });
    for (const mail of mails) await deliverMail(services, request.log, mail);
    return result;
  });

  /**
   * POST /resend {type: 'signup', email, code_challenge?, code_challenge_method?} ?redirect_to=
   * Mails the confirmation link again to an unconfirmed address; 200 {} either way.
   */
  app.post('/resend', async (request) => {
    const body = bodyOf(request);
    if (body.type === 'sms' || body.type === 'phone_change') throw AuthErrors.phoneProviderDisabled();
    if (body.type !== 'signup') throw AuthErrors.validation('Only type "signup" can be resent (email change is not enabled)');
    const email = normaliseEmail(body.email);
    const pkce = pkceParams(body);
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    await enforceRateLimits(services, [
      { key: `sign_up:ip:${clientIp(request)}`, max: config.RATE_LIMIT_SIGN_UP_PER_IP },
      { key: `email:${email}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' },
    ]);
    const mail = await services.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.email_confirmed_at) return null;
      // The new link carries the credentials of the latest sign-up (anyone may ask for a resend).
      const p = proofOf(await latestToken(tx, user.id, 'confirmation_token'));
      return prepareConfirmation(services, tx, user.id, email, pkce, redirectTo, p, false);
    });
    if (mail) await deliverMail(services, request.log, mail);
    return {};
  });
}

/** Store a confirmation token (and PKCE flow) for a user and compose the mail carrying its link. */
async function prepareConfirmation(
  services: Services, tx: Tx, userId: string, email: string, pkce: PkceParams | null, redirectTo: string, bound: BoundCredentials, keepOthers: boolean,
): Promise<AuthMail> {
  const flow = pkce ? await createFlowState(services, tx, { userId, method: 'email/signup', pkce }) : null;
  const token = await issueOneTimeToken(services, tx, { userId, type: 'confirmation_token', relatesTo: email, flowStateId: flow?.id ?? null, redirectTo, bound, keepOthers });
  await markMailSent(tx, userId, 'confirmation_sent_at', iso(services.now()));
  return composeMail('signup', email, verifyLink(services, token, 'signup', redirectTo));
}

/**
 * What a sign-up for an existing address answers: a made-up user rendered exactly as a new,
 * unconfirmed one (random ids, one email identity, the same metadata keys), so the answer's shape
 * does not tell the two apart.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>, nowMs: number) {
  const id = randomUUID();
  const now = iso(nowMs);
  const user: UserRow = {
    id, aud: 'authenticated', role: 'authenticated', email, encrypted_password: null, email_confirmed_at: null, phone: null,
    phone_confirmed_at: null, last_sign_in_at: null, confirmation_sent_at: now, recovery_sent_at: null, email_change: null,
    email_change_sent_at: null, raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { ...data, email, email_verified: false, phone_verified: false, sub: id },
    is_anonymous: false, banned_until: null, deleted_at: null, created_at: now, updated_at: now,
  };
  const identity: IdentityRow = {
    id: randomUUID(), user_id: id, provider: 'email', provider_id: id, email,
    identity_data: { sub: id, email, email_verified: false, phone_verified: false },
    last_sign_in_at: now, created_at: now, updated_at: now,
  };
  return renderUser(user, [identity], []);
}
