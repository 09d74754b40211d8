/** GET /settings (what this server supports, as GoTrue reports it), GET /health, GET /.well-known/jwks.json. */
import type { FastifyInstance } from 'fastify';
import { jwtKeys } from '../security/jwt-keys';

export const AUTH_VERSION = 'need40-auth/0.1.0';

export function settingsRoutes(app: FastifyInstance): void {
  const { config } = app.services;
  app.get('/settings', async () => {
    const external: Record<string, boolean> = { email: true, phone: false, anonymous_users: config.ENABLE_ANONYMOUS_SIGN_INS, saml: false, web3_solana: false, web3_ethereum: false };
    for (const p of config.oauthProviders) external[p.name] = true;
    return {
      external,
      disable_signup: config.DISABLE_SIGNUP,
      mailer_autoconfirm: config.MAILER_AUTOCONFIRM,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      password_min_length: 6,
    };
  });
  // The public half of JWT_SIGNING_KEY (supabase-js's getClaims() verifies ES256/RS256 access
  // tokens with it). HS256 alone has nothing public to publish: an empty set, and getClaims()
  // then verifies through GET /user. Cached by clients: GoTrue's own max-age.
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    const { signing } = jwtKeys(config);
    reply.header('Cache-Control', 'public, max-age=600');
    return { keys: signing ? [signing.jwk] : [] };
  });
  app.get('/health', async () => ({ version: AUTH_VERSION, name: 'GoTrue', description: 'Need40 GoTrue-compatible auth (supabase-js 2.x wire format)' }));
}
