/**
 * POST /signup {email, password, data, code_challenge, code_challenge_method} ?redirect_to=
 * POST /resend {type: 'signup', email} — the confirmation mail again (200 {} either way).
 * With confirmations on: stores the user unconfirmed, mails a /verify link and answers with the
 * user (no session). A sign-up for an address that already exists answers the same way with an
 * obfuscated user (identities: []), so it does not reveal the address. With MAILER_AUTOCONFIRM:
 * answers with a session.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app';
import type { Tx } from '../db/types';
import { bodyOf, clientIp, queryOf, userAgent } from './context';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { createFlowState, pkceParams, type PkceParams } from './flow';
import { composeMail, deliverMail, type Mail } from './mailer';
import { issueOneTimeToken, verifyLink } from './otp';
import { hashPassword, checkPasswordStrength } from './passwords';
import { enforceRateLimits } from './ratelimit';
import { resolveRedirect } from './redirects';
import { createSession } from './sessions';
import { findUserByEmail, loadUserJson, type UserRow } from './users';
import { iso, isPlainObject, isUniqueViolation } from './util';

export function signupRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config } = services;

  app.post('/signup', async (request) => {
    const body = bodyOf(request);
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

    const mails: Mail[] = [];
    const result = await services.db.transaction(async (tx) => {
      const nowMs = services.now();
      const confirmationMail = (u: UserRow) => prepareConfirmation(services, tx, u.id, email, pkce, redirectTo);
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        if (config.MAILER_AUTOCONFIRM) throw AuthErrors.userAlreadyExists();
        if (!existing.email_confirmed_at) {
          // Resend the confirmation, but answer exactly as for a new address.
          mails.push(await confirmationMail(existing));
        }
        return obfuscatedUser(email, data, nowMs);
      }
      const id = randomUUID();
      const confirmedAt = config.MAILER_AUTOCONFIRM ? iso(nowMs) : null;
      const userMeta = { ...data, email, email_verified: config.MAILER_AUTOCONFIRM, phone_verified: false, sub: id };
      const { rows } = await tx.query<UserRow>(
        `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7) returning *`,
        [id, email, passwordHash, confirmedAt, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(userMeta), iso(nowMs)],
      );
      const user = rows[0]!;
      await tx.query(
        `insert into auth.identities (user_id, provider, provider_id, identity_data, created_at, updated_at, last_sign_in_at)
         values ($1, 'email', $4, $2::jsonb, $3, $3, $3)`,
        [id, JSON.stringify({ sub: id, email, email_verified: config.MAILER_AUTOCONFIRM, phone_verified: false }), iso(nowMs), id],
      );
      if (config.MAILER_AUTOCONFIRM) {
        return createSession(services, tx, user, { method: 'password', ip, userAgent: userAgent(request) });
      }
      mails.push(await confirmationMail(user));
      const fresh = (await tx.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0]!;
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
    if (body.type !== 'signup') throw AuthErrors.validation('Only type "signup" can be resent (phone and email change are not enabled)');
    const email = normaliseEmail(body.email);
    const pkce = pkceParams(body);
    const redirectTo = resolveRedirect(config, queryOf(request).redirect_to ?? body.redirect_to);
    await enforceRateLimits(services, [
      { key: `sign_up:ip:${clientIp(request)}`, max: config.RATE_LIMIT_SIGN_UP_PER_IP },
      { key: `email:${email}`, max: config.RATE_LIMIT_EMAIL_SENT, kind: 'email' },
    ]);
    const mail = await services.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      return user && !user.email_confirmed_at ? prepareConfirmation(services, tx, user.id, email, pkce, redirectTo) : null;
    });
    if (mail) await deliverMail(services, request.log, mail);
    return {};
  });
}

/** Store a confirmation token (and PKCE flow) for a user and compose the mail carrying its link. */
async function prepareConfirmation(services: Services, tx: Tx, userId: string, email: string, pkce: PkceParams | null, redirectTo: string): Promise<Mail> {
  const flow = pkce ? await createFlowState(services, tx, { userId, method: 'email/signup', pkce }) : null;
  const token = await issueOneTimeToken(services, tx, { userId, type: 'confirmation_token', relatesTo: email, flowStateId: flow?.id ?? null, redirectTo });
  await tx.query('update auth.users set confirmation_sent_at = $2 where id = $1', [userId, iso(services.now())]);
  return composeMail('signup', email, verifyLink(services, token, 'signup', redirectTo));
}

/** What a sign-up for an existing address answers: plausible, but no real id and no identities. */
function obfuscatedUser(email: string, data: Record<string, unknown>, nowMs: number) {
  const now = iso(nowMs);
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
