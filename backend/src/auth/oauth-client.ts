/**
 * Need40 as the OAuth client of a provider (see authorize.ts for the routes): which provider a request
 * names, the flow it starts (state and PKCE stored, the provider's authorize URL), and the code
 * exchange on the way back (the provider's token, then its user info as GoTrue's identity claims).
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { OAuthProviderConfig } from '../config-oauth';
import { queryOf } from './context';
import { AuthErrors } from './errors';
import { createFlowState, pkceParams } from './flow';
import { resolveRedirect } from './redirects';
import { isPlainObject, randomToken } from './util';

export interface ProviderUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  claims: Record<string, unknown>;
}

export function callbackUrl(services: Services): string {
  return `${services.config.API_EXTERNAL_URL}/auth/v1/callback`;
}

export function findProvider(services: Services, name: unknown): OAuthProviderConfig {
  const p = services.config.oauthProviders.find((x) => x.name === (typeof name === 'string' ? name.toLowerCase() : ''));
  if (!p) throw AuthErrors.providerDisabled(typeof name === 'string' ? name : '');
  return p;
}

export async function startFlow(services: Services, request: FastifyRequest, linkUserId?: string): Promise<string> {
  const q = queryOf(request);
  const provider = findProvider(services, q.provider);
  const pkce = pkceParams(q);
  const redirectTo = resolveRedirect(services.config, q.redirect_to);
  const state = randomToken(24);
  await services.db.transaction((tx) =>
    createFlowState(services, tx, { method: 'oauth', pkce, provider: provider.name, oauthState: state, redirectTo, ...(linkUserId ? { linkUserId } : {}) }),
  );
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(services));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', [provider.scopes, q.scopes ?? ''].join(' ').trim().split(/\s+/).filter((v, i, a) => a.indexOf(v) === i).join(' '));
  url.searchParams.set('state', state);
  return url.toString();
}

export async function fetchProviderUser(provider: OAuthProviderConfig, code: string, redirectUri: string): Promise<ProviderUser> {
  const tokenRes = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, client_secret: provider.clientSecret }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!tokenRes || !tokenRes.ok) throw AuthErrors.badOAuthCallback('Unable to exchange external code');
  const tokenBody = (await tokenRes.json().catch(() => ({}))) as Record<string, unknown>;
  const accessToken = tokenBody.access_token;
  if (typeof accessToken !== 'string' || !accessToken) throw AuthErrors.badOAuthCallback('Unable to exchange external code');
  const infoRes = await fetch(provider.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!infoRes || !infoRes.ok) throw AuthErrors.badOAuthCallback('Error getting user profile from external provider');
  const info = (await infoRes.json().catch(() => null)) as unknown;
  if (!isPlainObject(info)) throw AuthErrors.badOAuthCallback('Error getting user profile from external provider');
  const id = info.sub ?? info.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') throw AuthErrors.badOAuthCallback('Error getting user profile from external provider');
  const email = typeof info.email === 'string' && info.email ? info.email.trim().toLowerCase() : null;
  const emailVerified = info.email_verified === true || info.email_verified === 'true' || info.verified_email === true;
  const name = info.name ?? info.login ?? info.preferred_username;
  const avatar = info.picture ?? info.avatar_url;
  const claims: Record<string, unknown> = {
    ...info,
    sub: String(id),
    provider_id: String(id),
    email: email ?? undefined,
    email_verified: emailVerified,
    phone_verified: false,
    ...(name !== undefined ? { name, full_name: info.full_name ?? name } : {}),
    ...(avatar !== undefined ? { avatar_url: avatar, picture: avatar } : {}),
    iss: new URL(provider.userinfoUrl).origin,
  };
  return { id: String(id), email, emailVerified, claims };
}
