/**
 * DELETE /user/identities/{identity_id} — unlink a sign-in method from the caller. The last
 * identity cannot be removed (422 single_identity_not_deletable): the account would be unreachable.
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken, loadCaller, verifyAccessToken } from './context';
import { AuthErrors } from './errors';
import { syncProviders, type IdentityRow } from './users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function identityRoutes(app: FastifyInstance): void {
  const services = app.services;
  app.delete('/user/identities/:id', async (request) => {
    const claims = await verifyAccessToken(services, bearerToken(request));
    const { id } = request.params as { id: string };
    return services.db.transaction(async (tx) => {
      const { user } = await loadCaller(tx, claims);
      const identities = (await tx.query<IdentityRow>('select * from auth.identities where user_id = $1 for update', [user.id])).rows;
      const target = UUID.test(id) ? identities.find((i) => i.id === id) : undefined;
      if (!target) throw AuthErrors.identityNotFound();
      if (identities.length <= 1) throw AuthErrors.singleIdentityNotDeletable();
      await tx.query('delete from auth.identities where id = $1', [target.id]);
      await syncProviders(tx, user.id);
      return {};
    });
  });
}
