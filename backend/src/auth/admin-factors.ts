/**
 * GET /admin/users/{user_id}/factors, DELETE /admin/users/{user_id}/factors/{factor_id}
 * (auth.admin.mfa.listFactors / deleteFactor), GET /admin/audit (the audit trail, paginated).
 * Deleting a verified factor lowers the user's aal2 sessions to aal1, as unenrolling does.
 */
import type { FastifyInstance } from 'fastify';
import { auditor } from './admin-audit';
import { pagination, paginationHeaders, pathUuid } from './admin-params';
import { queryOf } from './context';
import { AuthErrors } from './errors';
import { listAudit } from './store/audit';
import { deleteFactor, factorsOf } from './store/factors';
import { factorJson, findUserById } from './users';
import { iso, ts } from './util';

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

  app.get('/admin/audit', async (request, reply) => {
    const { page, perPage } = pagination(queryOf(request));
    const { rows, total } = await db.transaction((tx) => listAudit(tx, page, perPage), { readOnly: true });
    reply.headers(paginationHeaders(request.url, page, perPage, total));
    return rows.map((r) => ({ id: r.id, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload, created_at: ts(r.created_at), ip_address: r.ip_address }));
  });
}
