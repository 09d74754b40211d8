/**
 * GoTrue endpoints this server does not offer answer GoTrue's own "disabled" errors (never a 404
 * not_found or a misleading 400), so client code takes the path it takes against a GoTrue
 * with the feature switched off: SSO/SAML (404 saml_provider_disabled), the web3 and id_token
 * grants (token.ts calls disabledGrant), phone OTP and SMS (422 phone_provider_disabled).
 */
import type { FastifyInstance } from 'fastify';
import { AuthErrors } from './errors';

/** The issuers GoTrue knows for its built-in id_token providers. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  keycloak: 'keycloak',
  kakao: 'https://kauth.kakao.com',
};

/** POST /token?grant_type=web3|id_token: the error a GoTrue without these providers answers; null for other grants. */
export function disabledGrant(grantType: unknown, body: Record<string, unknown>): Error | null {
  if (grantType === 'web3') return AuthErrors.web3Disabled();
  if (grantType !== 'id_token') return null;
  const provider = typeof body.provider === 'string' ? body.provider : '';
  const issuer = Object.hasOwn(ID_TOKEN_ISSUERS, provider) ? ID_TOKEN_ISSUERS[provider]! : null;
  if (issuer) return AuthErrors.idTokenProviderDisabled(issuer);
  return AuthErrors.validation(`Custom OIDC provider "${provider.slice(0, 64)}" not allowed`);
}

export function disabledRoutes(app: FastifyInstance): void {
  const saml = async () => {
    throw AuthErrors.samlDisabled();
  };
  app.all('/sso', saml);
  app.all('/sso/*', saml);
}
