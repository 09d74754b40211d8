/**
 * DELETE /user/identities/{identity_id} — unlink a sign-in method from the caller. The last
 * identity cannot be removed (422 single_identity_not_deletable): the account would be unreachable.
 * Linking and unlinking are GoTrue's "manual linking", behind SECURITY_MANUAL_LINKING_ENABLED.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { bearerToken, loadCaller, verifyAccessToken } from './context';
import { AuthErrors } from './errors';
import { deleteIdentity, identitiesOf, syncProviders } from './store/identities';
import { UUID } from './util';

/** After the caller's token and session are checked (GoTrue's order): 404 manual_linking_disabled when it is off. */
export function requireManualLinking(services: Services): void {
  if (!services.config.SECURITY_MANUAL_LINKING_ENABLED) throw AuthErrors.manualLinkingDisabled();
}

export function identityRoutes(app: FastifyInstance): void {
  const services = app.services;
  app.delete('/user/identities/:id', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { id } = request.params as { id: string };
    return services.db.transaction(async (tx) => {
      const { user } = await loadCaller(tx, claims);
      requireManualLinking(services);
      const identities = await identitiesOf(tx, user.id, { forUpdate: true });
      const target = UUID.test(id) ? identities.find((i) => i.id === id) : undefined;
      if (!target) throw AuthErrors.identityNotFound();
      if (identities.length <= 1) throw AuthErrors.singleIdentityNotDeletable();
      await deleteIdentity(tx, target.id);
      await syncProviders(tx, user.id);
      return {};
    });
  });
}
