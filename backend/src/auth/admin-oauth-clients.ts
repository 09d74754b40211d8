/**
 * GoTrue's admin OAuth client registry (auth-js `auth.admin.oauth.*`), behind OAUTH_SERVER_ENABLED
 * (off → 404 feature_disabled "OAuth server is disabled", checked after the admin guard):
 *   POST   /admin/oauth/clients                          → 201 the client, with client_secret (confidential only)
 *   GET    /admin/oauth/clients?page=&per_page=          → {clients: [...]} newest first (X-Total-Count, Link)
 *   GET    /admin/oauth/clients/{id}                     → the client (never its secret)
 *   PUT    /admin/oauth/clients/{id}                     → the client, only the fields given changed
 *   DELETE /admin/oauth/clients/{id}                     → 204
 *   POST   /admin/oauth/clients/{id}/regenerate_secret   → the client with a new client_secret
 * The secret is 32 random bytes (base64url) shown once; only its SHA-256 is stored, as GoTrue does.
 * A path id that is not a UUID → 400 validation_failed "invalid client_id format"; an unknown or
 * removed client → 404 oauth_client_not_found. The OAuth 2.1 server's own routes (/oauth/authorize,
 * /oauth/token, dynamic registration) are not offered (docs/compatibility/auth.md).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/types';
import { auditor } from './admin-audit';
import { pagination, paginationHeaders } from './admin-params';
import { bodyOf, queryOf } from './context';
import { AuthErrors } from './errors';
import { clientChanges, newClientParams } from './oauth-client-params';
import { findOAuthClient, insertOAuthClient, listOAuthClients, removeOAuthClient, setOAuthClientSecret, updateOAuthClient, type OAuthClientRow } from './store/oauth-clients';
import { iso, ts, UUID } from './util';

const newSecret = () => {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
};

/** GoTrue's client JSON (empty texts left out); the secret only where a route gives it. */
export function clientJson(c: OAuthClientRow, secret?: string) {
  return {
    client_id: c.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: c.client_type,
    redirect_uris: c.redirect_uris.split(',').filter(Boolean),
    token_endpoint_auth_method: c.token_endpoint_auth_method,
    grant_types: c.grant_types.split(',').filter(Boolean),
    response_types: ['code'],
    ...(c.client_name ? { client_name: c.client_name } : {}),
    ...(c.client_uri ? { client_uri: c.client_uri } : {}),
    ...(c.logo_uri ? { logo_uri: c.logo_uri } : {}),
    registration_type: c.registration_type,
    created_at: ts(c.created_at),
    updated_at: ts(c.updated_at),
  };
}

/** In a scope of its own, so the switch's hook runs (after the admin guard) for these routes only. */
export function adminOAuthClientRoutes(admin: FastifyInstance): void {
  admin.register(async (app) => {
    app.addHook('onRequest', async () => {
      if (!app.services.config.OAUTH_SERVER_ENABLED) throw AuthErrors.oauthServerDisabled();
    });
    clientRoutes(app);
    app.all('/admin/oauth/*', async () => {
      throw AuthErrors.adminNotImplemented();
    });
  });
}

function clientRoutes(app: FastifyInstance): void {
  const { db, now } = app.services;
  const at = () => iso(now());

  /** The path's client id, locked for the transaction, or GoTrue's 400 / 404. */
  async function clientOf(request: FastifyRequest, tx: Tx): Promise<OAuthClientRow> {
    const id = (request.params as { id?: string }).id ?? '';
    if (!UUID.test(id)) throw AuthErrors.validation('invalid client_id format');
    const client = await findOAuthClient(tx, id.toLowerCase(), true);
    if (!client) throw AuthErrors.oauthClientNotFound();
    return client;
  }

  app.post('/admin/oauth/clients', async (request, reply) => {
    const p = newClientParams(bodyOf(request));
    const audit = auditor(app, request);
    const secret = p.clientType === 'confidential' ? newSecret() : null;
    const row = await db.transaction(async (tx) => {
      const c = await insertOAuthClient(tx, {
        id: randomUUID(), client_secret_hash: secret?.hash ?? null, registration_type: 'manual',
        redirect_uris: p.redirectUris.join(','), grant_types: p.grantTypes.join(','),
        client_name: p.clientName || null, client_uri: p.clientUri || null, logo_uri: p.logoUri || null,
        client_type: p.clientType, token_endpoint_auth_method: p.authMethod,
      }, at());
      await audit(tx, 'oauth_client_created', { client_id: c.id, client_type: c.client_type });
      return c;
    });
    return reply.status(201).send(clientJson(row, secret?.secret));
  });

  app.get('/admin/oauth/clients', async (request, reply) => {
    const { page, perPage } = pagination(queryOf(request));
    const audit = auditor(app, request);
    const { rows, total } = await db.transaction(async (tx) => {
      await audit(tx, 'oauth_clients_listed', { page, per_page: perPage });
      return listOAuthClients(tx, page, perPage);
    });
    reply.headers(paginationHeaders(request.url, page, perPage, total));
    return { clients: rows.map((c) => clientJson(c)) };
  });

  app.get('/admin/oauth/clients/:id', async (request) => {
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      const c = await clientOf(request, tx);
      await audit(tx, 'oauth_client_read', { client_id: c.id });
      return clientJson(c);
    });
  });

  app.put('/admin/oauth/clients/:id', async (request) => {
    const body = bodyOf(request);
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      const c = await clientOf(request, tx);
      const updated = (await updateOAuthClient(tx, c.id, clientChanges(body, c.client_type), at()))!;
      await audit(tx, 'oauth_client_updated', { client_id: c.id });
      return clientJson(updated);
    });
  });

  app.delete('/admin/oauth/clients/:id', async (request, reply) => {
    const audit = auditor(app, request);
    await db.transaction(async (tx) => {
      const c = await clientOf(request, tx);
      await removeOAuthClient(tx, c.id, at());
      await audit(tx, 'oauth_client_deleted', { client_id: c.id });
    });
    return reply.status(204).send();
  });

  app.post('/admin/oauth/clients/:id/regenerate_secret', async (request) => {
    const audit = auditor(app, request);
    const secret = newSecret();
    const row = await db.transaction(async (tx) => {
      const c = await clientOf(request, tx);
      if (c.client_type !== 'confidential') throw AuthErrors.validation('Cannot regenerate secret for public client');
      const updated = (await setOAuthClientSecret(tx, c.id, secret.hash, at()))!;
      await audit(tx, 'oauth_client_secret_regenerated', { client_id: c.id });
      return updated;
    });
    return clientJson(row, secret.secret);
  });
}
