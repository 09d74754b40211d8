/**
 * GET /admin/users/{user_id}/factors, DELETE /admin/users/{user_id}/factors/{factor_id}
 * (auth.admin.mfa.listFactors / deleteFactor), GET /admin/users/{user_id}/passkeys,
 * DELETE …/passkeys/{passkey_id} (auth.admin.passkey.listPasskeys / deletePasskey: 204, an unknown
 * or someone else's passkey → 404 validation_failed "Passkey not found"; not behind PASSKEY_ENABLED,
 * as in GoTrue), GET /admin/audit (the audit trail, paginated).
 * Deleting a verified factor lowers the user's aal2 sessions to aal1, as unenrolling does.
 */
import type { FastifyInstance } from 'fastify';
import { auditor } from './admin-audit';
import { pagination, paginationHeaders, pathUuid } from './admin-params';
import { queryOf } from './context';
import { AuthErrors } from './errors';
import { listAudit } from './store/audit';
import { passkeyJson } from './passkeys';
import { deleteFactor, factorsOf } from './store/factors';
import { deletePasskey, passkeysOf } from './store/passkeys';
import { factorJson, findUserById } from './users';
import { iso, ts, UUID } from './util';

export function adminFactorRoutes(app: FastifyInstance): void {
  const { db, now } = app.services;

  app.get('/admin/users/:id/factors', async (request) => {
    const id = pathUuid((request.params as { id?: string }).id, 'user_id');
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      if (!(await findUserById(tx, id))) throw AuthErrors.userNotFoundAdmin();
      await audit(tx, 'factors_listed', { user_id: id });
      return (await factorsOf(tx, id)).map(factorJson);
    });
  });

  app.delete('/admin/users/:id/factors/:factorId', async (request) => {
    const params = request.params as { id?: string; factorId?: string };
    const id = pathUuid(params.id, 'user_id');
    const factorId = pathUuid(params.factorId, 'factor_id');
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      if (!(await findUserById(tx, id))) throw AuthErrors.userNotFoundAdmin();
      const factor = await deleteFactor(tx, id, factorId, iso(now()));
      if (!factor) throw AuthErrors.mfaFactorNotFound();
      await audit(tx, 'factor_deleted', { user_id: id, factor_id: factorId, factor_type: factor.factor_type });
      return factorJson(factor);
    });
  });

  app.get('/admin/users/:id/passkeys', async (request) => {
    const id = pathUuid((request.params as { id?: string }).id, 'user_id');
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      if (!(await findUserById(tx, id))) throw AuthErrors.userNotFoundAdmin();
      await audit(tx, 'passkeys_listed', { user_id: id });
      return (await passkeysOf(tx, id)).map(passkeyJson);
    });
  });

  app.delete('/admin/users/:id/passkeys/:passkeyId', async (request, reply) => {
    const params = request.params as { id?: string; passkeyId?: string };
    const id = pathUuid(params.id, 'user_id');
    const passkeyId = params.passkeyId ?? '';
    const audit = auditor(app, request);
    await db.transaction(async (tx) => {
      if (!(await findUserById(tx, id))) throw AuthErrors.userNotFoundAdmin();
      if (!UUID.test(passkeyId) || !(await deletePasskey(tx, id, passkeyId.toLowerCase()))) throw AuthErrors.passkeyNotFound();
      await audit(tx, 'passkey_deleted', { user_id: id, passkey_id: passkeyId.toLowerCase() });
    });
    return reply.status(204).send();
  });

  app.get('/admin/audit', async (request, reply) => {
    const { page, perPage } = pagination(queryOf(request));
    const { rows, total } = await db.transaction((tx) => listAudit(tx, page, perPage), { readOnly: true });
    reply.headers(paginationHeaders(request.url, page, perPage, total));
    return rows.map((r) => ({ id: r.id, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload, created_at: ts(r.created_at), ip_address: r.ip_address }));
  });
}
