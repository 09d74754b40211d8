/**
 * /admin/* — GoTrue's admin API (supabase-js `auth.admin.*`) is not implemented here. The guard
 * still answers as GoTrue does for a caller who may not use it, so a forged or ordinary token
 * learns nothing: no token → 401 no_authorization; a token that does not verify → 403 bad_jwt; a
 * verified token whose role is not an admin role → 403 not_admin. Only the service_role key
 * reaches "not implemented" (404 not_found).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JwtError, verifyJwt } from '../security/jwt';
import { bearerToken } from './context';
import { AuthErrors } from './errors';

/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

export function adminRoutes(app: FastifyInstance): void {
  const services = app.services;
  const guard = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw AuthErrors.noAuthorization();
    let role: unknown;
    try {
      // The service_role key has no sub and no session: verify the signature and claims only.
      role = (await verifyJwt(token, services.config.JWT_SECRET, { now: Math.floor(services.now() / 1000) })).role;
    } catch (error) {
      if (error instanceof JwtError) throw AuthErrors.badJwt(error.problem === 'invalid' ? 'signature is invalid' : `token has invalid claims: ${error.message}`);
      throw error;
    }
    if (typeof role !== 'string' || !ADMIN_ROLES.has(role)) throw AuthErrors.notAdmin();
    throw AuthErrors.adminNotImplemented();
  };
  app.all('/admin', guard);
  app.all('/admin/*', guard);
}
