/**
 * /admin/* and POST /invite — GoTrue's admin API (supabase-js `auth.admin.*`), for the
 * service_role key only. The guard runs before the body is read and answers as GoTrue does:
 * no token → 401 no_authorization; a token that does not verify → 403 bad_jwt; a verified token
 * whose role is not an admin role → 403 not_admin. Every call is written to
 * the audit trail (store/audit.ts) in the transaction of the change it makes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JwtError, verifyJwt, type Claims } from '../security/jwt';
import { jwtKeys } from '../security/jwt-keys';
import { rememberAdmin } from './admin-audit';
import { adminFactorRoutes } from './admin-factors';
import { adminLinkRoutes } from './admin-links';
import { adminOAuthClientRoutes } from './admin-oauth-clients';
import { adminUserRoutes } from './admin-users';
import { bearerToken } from './context';
import { AuthErrors } from './errors';

/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

export function adminRoutes(app: FastifyInstance): void {
  const services = app.services;
  const guard = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw AuthErrors.noAuthorization();
    let claims: Claims;
    try {
      // The service_role key has no sub and no session: verify the signature and claims only.
      claims = await verifyJwt(token, jwtKeys(services.config), { now: Math.floor(services.now() / 1000) });
    } catch (error) {
      if (error instanceof JwtError) throw AuthErrors.badJwt(error.problem === 'invalid' ? 'signature is invalid' : `token has invalid claims: ${error.message}`);
      throw error;
    }
    if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw AuthErrors.notAdmin();
    rememberAdmin(request, claims);
  };
  app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    adminUserRoutes(scope);
    adminFactorRoutes(scope);
    adminLinkRoutes(scope);
    adminOAuthClientRoutes(scope);
    // Admin endpoints this server does not have (SSO providers, custom providers, …) — after the guard.
    scope.all('/admin/sso/*', async () => {
      throw AuthErrors.samlDisabled();
    });
    scope.all('/admin', async () => {
      throw AuthErrors.adminNotImplemented();
    });
    scope.all('/admin/*', async () => {
      throw AuthErrors.adminNotImplemented();
    });
  });
}
