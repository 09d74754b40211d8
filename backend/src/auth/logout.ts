/**
 * POST /logout?scope=global|local|others — ends this session (local), every session of the user
 * (global, the default) or all but this one (others). 204. The ended sessions' access tokens are
 * refused from then on by every instance (403 session_not_found).
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken, loadCaller, queryOf, verifyAccessToken } from './context';
import { AuthErrors } from './errors';
import { deleteSession, endSessionsOf } from './store/sessions';

export function logoutRoutes(app: FastifyInstance): void {
  const services = app.services;
  app.post('/logout', async (request, reply) => {
    // The token and its session first (GoTrue's requireAuthentication), then the scope.
    const claims = await verifyAccessToken(services, bearerToken(request));
    await services.db.transaction(async (tx) => {
      const { session, user } = await loadCaller(tx, claims);
      const scope = queryOf(request).scope ?? 'global';
      if (!['global', 'local', 'others'].includes(scope)) throw AuthErrors.validation('Unsupported logout scope: use global, local or others');
      if (scope === 'local') await deleteSession(tx, session.id);
      else if (scope === 'others') await endSessionsOf(tx, user.id, session.id);
      else await endSessionsOf(tx, user.id);
    });
    return reply.status(204).send();
  });
}
