/** GET /settings (what this server supports, as GoTrue reports it), GET /health, GET /.well-known/jwks.json. */
import type { FastifyInstance } from 'fastify';

export const AUTH_VERSION = 'need40-auth/0.1.0';

export function settingsRoutes(app: FastifyInstance): void {
  const { config } = app.services;
  app.get('/settings', async () => {
    const external: Record<string, boolean> = { email: true, phone: false, anonymous_users: false };
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
  // Tokens are HS256 (a shared secret), so there is no public key to publish; supabase-js's
  // getClaims() then verifies through GET /user. Answered for clients that probe it.
  app.get('/.well-known/jwks.json', async () => ({ keys: [] }));
  app.get('/health', async () => ({ version: AUTH_VERSION, name: 'GoTrue', description: 'Need40 GoTrue-compatible auth (supabase-js 2.x wire format)' }));
}
