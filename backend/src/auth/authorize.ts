/**
 * OAuth sign-in with PKCE against providers configured by environment (../config-oauth.ts).
 *   GET /authorize?provider=…&redirect_to=…&scopes=…&code_challenge=…&code_challenge_method=s256
 *       stores the flow and redirects (302) to the provider's authorize URL
 *   GET /user/identities/authorize?provider=…&skip_http_redirect=true   (signed in: link an identity)
 *       the same, answering {url} — supabase-js linkIdentity()
 *   GET /callback?code=…&state=…   the provider returns here; the code is exchanged for the
 *       provider's token, the user info fetched, the user created / found / linked, and the browser
 *       sent to redirect_to with ?code=… (PKCE, exchanged with /token?grant_type=pkce) or the
 *       session in the fragment (implicit). Failures land on redirect_to with error parameters.
 * A verified provider email that matches an existing account links to it (GoTrue's automatic linking).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthApiError } from '../http/errors';
import { bearerToken, clientIp, lenientQueryOf, loadCaller, queryOf, userAgent, verifyAccessToken, withoutNul } from './context';
import { AuthErrors } from './errors';
import { issueAuthCode, OAUTH_FLOW_TTL_MS, type FlowStateRow } from './flow';
import { composeMail, deliverMail, type AuthMail } from './mailer';
import { issueOneTimeToken, verifyLink } from './otp';
import { errorRedirect, resolveRedirect, withFragment, withQuery } from './redirects';
import { createSession } from './sessions';
import { proveAddress } from './prove-address';
import { claimOAuthState, deleteFlow, findOAuthFlow } from './store/flow-state';
import { findIdentity, insertIdentity, syncProviders, touchIdentity } from './store/identities';
import { insertUser, markMailSent } from './store/users';
import { findUserByEmail, findUserById, isBanned, type UserRow } from './users';
import { iso, isPlainObject, json, ms } from './util';
import { callbackUrl, fetchProviderUser, findProvider, startFlow, type ProviderUser } from './oauth-client';

type CallbackOutcome =
  | { kind: 'code'; code: string; flow: FlowStateRow }
  | { kind: 'session'; flow: FlowStateRow; fragment: Record<string, string> }
  | { kind: 'unverified'; flow: FlowStateRow; mail: AuthMail | null };

export function oauthRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { config, db } = services;

  app.get('/authorize', async (request, reply) => {
    const url = await startFlow(services, request);
    if (queryOf(request).skip_http_redirect === 'true') return { url };
    return reply.redirect(url, 302);
  });

  app.get('/user/identities/authorize', async (request, reply) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { user } = await db.transaction((tx) => loadCaller(tx, claims), { readOnly: true });
    const url = await startFlow(services, request, user.id);
    if (queryOf(request).skip_http_redirect === 'false') return reply.redirect(url, 302);
    return { url };
  });

  const fail = (reply: FastifyReply, flow: FlowStateRow | null, error: AuthApiError, errorName = 'server_error') => {
    const target = resolveRedirect(config, flow?.redirect_to);
    return reply.redirect(errorRedirect(target, error, { pkce: Boolean(flow?.code_challenge), errorName }), 303);
  };

  const callback = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = { ...lenientQueryOf(request), ...(isPlainObject(request.body) ? withoutNul(request.body) : {}) };
    const state = typeof q.state === 'string' ? q.state : '';
    const flow = state
      ? await db.transaction((tx) => findOAuthFlow(tx, state), { readOnly: true })
      : null;
    if (!flow) return fail(reply, null, AuthErrors.badOAuthState(), 'invalid_request');
    if (services.now() - ms(flow.created_at) > OAUTH_FLOW_TTL_MS) return fail(reply, flow, AuthErrors.flowStateExpired(), 'invalid_request');
    if (q.error) return fail(reply, flow, AuthErrors.badOAuthCallback(String(q.error_description ?? q.error)), String(q.error));
    if (!q.code) return fail(reply, flow, AuthErrors.badOAuthCallback('OAuth callback with missing authorization code'), 'invalid_request');
    try {
      const provider = findProvider(services, flow.provider);
      const external = await fetchProviderUser(provider, String(q.code), callbackUrl(services)); // outside any transaction
      const outcome = await db.transaction(async (tx): Promise<CallbackOutcome> => {
        if (!(await claimOAuthState(tx, flow.id, state, iso(services.now())))) throw AuthErrors.badOAuthState();
        const user = await resolveUser(tx, provider.name, external, flow.link_user_id);
        if (isBanned(user, services.now())) throw AuthErrors.userBanned();
        if (!user.email_confirmed_at && user.email && !config.MAILER_AUTOCONFIRM) {
          const redirectTo = resolveRedirect(config, flow.redirect_to);
          const identity = await findIdentity(tx, provider.name, external.id);
          const bound = { userMeta: json<Record<string, unknown>>(user.raw_user_meta_data, {}), identityId: identity?.id ?? null };
          const token = await issueOneTimeToken(services, tx, { userId: user.id, type: 'confirmation_token', relatesTo: user.email, redirectTo, bound });
          await markMailSent(tx, user.id, 'confirmation_sent_at', iso(services.now()));
          return { kind: 'unverified', flow, mail: composeMail('signup', user.email, verifyLink(services, token, 'signup', redirectTo)) };
        }
        if (flow.code_challenge) return { kind: 'code', code: await issueAuthCode(services, tx, flow.id, user.id), flow };
        await deleteFlow(tx, flow.id);
        const s = await createSession(services, tx, user, { method: 'oauth', ip: clientIp(request), userAgent: userAgent(request) });
        return {
          kind: 'session',
          flow,
          fragment: {
            access_token: s.access_token,
            expires_at: String(s.expires_at),
            expires_in: String(s.expires_in),
            refresh_token: s.refresh_token,
            token_type: 'bearer',
            provider_type: provider.name,
          },
        };

        async function resolveUser(t: typeof tx, providerName: string, ext: ProviderUser, linkUserId: string | null): Promise<UserRow> {
          const now = iso(services.now());
          const identity = await findIdentity(t, providerName, ext.id);
          const touch = (id: string) => touchIdentity(t, id, ext.claims, now);
          const addIdentity = async (userId: string) => {
            const added = await insertIdentity(t, { userId, provider: providerName, providerId: ext.id, data: ext.claims, at: now });
            await syncProviders(t, userId);
            return added;
          };
          if (linkUserId) {
            if (identity && identity.user_id !== linkUserId) throw AuthErrors.identityAlreadyExists();
            if (identity) await touch(identity.id);
            else await addIdentity(linkUserId);
            const u = await findUserById(t, linkUserId);
            if (!u) throw AuthErrors.userNotFound();
            return u;
          }
          if (identity) {
            await touch(identity.id);
            const u = await findUserById(t, identity.user_id);
            if (!u) throw AuthErrors.userNotFound();
            return u;
          }
          if (ext.email) {
            const existing = await findUserByEmail(t, ext.email);
            if (existing) {
              if (!ext.emailVerified) throw AuthErrors.emailExists();
              const added = await addIdentity(existing.id);
              if (!existing.email_confirmed_at) {
                // The provider proves the address: nothing set on the account before is kept but this identity.
                await proveAddress(services, t, existing, { passwordHash: null, userMeta: null, identityId: added.id });
              }
              return (await findUserById(t, existing.id))!;
            }
          }
          if (config.DISABLE_SIGNUP) throw AuthErrors.signupDisabled();
          const id = randomUUID();
          const meta = { ...ext.claims };
          const created = await insertUser(t, {
            id, email: ext.email, passwordHash: null, confirmedAt: ext.email && (ext.emailVerified || config.MAILER_AUTOCONFIRM) ? now : null,
            appMeta: { provider: providerName, providers: [providerName] }, userMeta: meta, role: 'authenticated', at: now,
          });
          await addIdentity(id);
          return created;
        }
      });
      if (outcome.kind === 'unverified') {
        if (outcome.mail) await deliverMail(services, request.log, outcome.mail);
        return fail(
          reply,
          flow,
          new AuthApiError(400, 'provider_email_needs_verification', `Unverified email with ${flow.provider}. A confirmation email has been sent to your ${flow.provider} email`),
          'access_denied',
        );
      }
      const target = resolveRedirect(config, flow.redirect_to);
      if (outcome.kind === 'code') return reply.redirect(withQuery(target, { code: outcome.code }), 303);
      return reply.redirect(withFragment(target, outcome.fragment), 303);
    } catch (error) {
      if (error instanceof AuthApiError && error.status < 500) return fail(reply, flow, error, 'access_denied');
      // This answer is a redirect, not the error handler's: log the cause here, with the request id.
      request.log.error({ err: error, request_id: request.id }, 'oauth callback failed');
      return fail(reply, flow, AuthErrors.unexpected(error));
    }
  };

  app.get('/callback', callback);
  app.post('/callback', callback);
}
