/**
 * GET|POST /admin/users, GET|PUT|DELETE /admin/users/{user_id} (auth.admin.listUsers, createUser,
 * getUserById, updateUserById, deleteUser). Answers and errors as GoTrue's admin.go. A new
 * password or a ban ends the user's sessions (credentials changed: nobody keeps a session made
 * with the old ones).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditor } from './admin-audit';
import { banDurationMs, metadata, optionalString, pagination, paginationHeaders, pathUuid } from './admin-params';
import { bodyOf, queryOf } from './context';
import { normaliseEmail } from './emails';
import { AuthErrors } from './errors';
import { checkPasswordStrength, hashPassword } from './passwords';
import { insertIdentity, updateEmailIdentity } from './store/identities';
import { endSessionsOf } from './store/sessions';
import { deleteUser, softDeleteUser, updateUser, type UserChanges } from './store/user-changes';
import { insertUser, listUsers } from './store/users';
import { findUserByEmail, findUserById, loadUserJson } from './users';
import { iso, isUniqueViolation } from './util';

const isFkViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

/** password or password_hash (argon2id only: the hash this server verifies), hashed outside any transaction. */
async function passwordHashOf(body: Record<string, unknown>): Promise<string | undefined> {
  if (body.password !== undefined && body.password !== null && body.password_hash) throw AuthErrors.validation('Only a password or a password hash should be provided');
  if (typeof body.password_hash === 'string' && body.password_hash) {
    if (!/^\$argon2id\$[\w$=,+/.-]{20,400}$/.test(body.password_hash)) throw AuthErrors.validation('Only argon2id password hashes are supported');
    return body.password_hash;
  }
  if (body.password === undefined || body.password === null || body.password === '') return undefined;
  checkPasswordStrength(body.password);
  return hashPassword(body.password);
}

function bool(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw AuthErrors.validation(`${name} must be a boolean`);
  return value;
}

export function adminUserRoutes(app: FastifyInstance): void {
  const services = app.services;
  const { db } = services;
  const now = () => iso(services.now());
  const bannedUntil = (ms: number | undefined) => (ms === undefined ? undefined : ms === 0 ? null : iso(services.now() + ms));

  app.get('/admin/users', async (request, reply) => {
    const q = queryOf(request);
    const { page, perPage } = pagination(q);
    const filter = (q.filter ?? '').slice(0, 255).toLowerCase();
    const audit = auditor(app, request);
    const { users, total } = await db.transaction(async (tx) => {
      const found = await listUsers(tx, page, perPage, filter);
      await audit(tx, 'users_listed', { page, per_page: perPage });
      return { users: await Promise.all(found.users.map((u) => loadUserJson(tx, u))), total: found.total };
    });
    reply.headers(paginationHeaders(request.url, page, perPage, total));
    return { users, aud: 'authenticated' };
  });

  app.post('/admin/users', async (request) => {
    const body = bodyOf(request);
    const email = body.email === undefined || body.email === null || body.email === '' ? null : normaliseEmail(body.email);
    if (!email) {
      if (body.phone) throw AuthErrors.phoneProviderDisabled();
      throw AuthErrors.validation('Cannot create a user without either an email or phone');
    }
    let id: string = randomUUID();
    if (body.id !== undefined && body.id !== null && body.id !== '') {
      if (typeof body.id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body.id)) throw AuthErrors.validation('ID must conform to the uuid v4 format');
      if (/^[0-]+$/.test(body.id)) throw AuthErrors.validation('ID cannot be a nil uuid');
      id = body.id.toLowerCase();
    }
    const userMeta = metadata(body.user_metadata, 'user_metadata') ?? {};
    const appMeta = metadata(body.app_metadata, 'app_metadata') ?? {};
    const role = optionalString(body.role, 'role', 63) ?? 'authenticated';
    const confirm = bool(body.email_confirm, 'email_confirm');
    const ban = banDurationMs(body.ban_duration);
    const passwordHash = await passwordHashOf(body);
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw AuthErrors.emailExists();
      const at = now();
      const user = await insertUser(tx, {
        id, email, passwordHash: passwordHash ?? null, confirmedAt: confirm ? at : null, role,
        appMeta: { provider: 'email', providers: ['email'], ...appMeta }, userMeta, bannedUntil: bannedUntil(ban) ?? null, at,
      });
      await insertIdentity(tx, { userId: id, provider: 'email', providerId: id, at, data: { sub: id, email, email_verified: confirm, phone_verified: false } });
      await audit(tx, 'user_signedup', { user_id: id, user_email: email });
      return loadUserJson(tx, user);
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AuthErrors.emailExists();
      throw error;
    });
  });

  const userIdOf = (request: FastifyRequest) => pathUuid((request.params as { id?: string }).id, 'user_id');

  app.get('/admin/users/:id', async (request) => {
    const id = userIdOf(request);
    const audit = auditor(app, request);
    return db.transaction(async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw AuthErrors.userNotFoundAdmin();
      await audit(tx, 'user_read', { user_id: id });
      return loadUserJson(tx, user);
    });
  });

  app.put('/admin/users/:id', async (request) => {
    const id = userIdOf(request);
    const body = bodyOf(request);
    if (body.phone) throw AuthErrors.phoneProviderDisabled();
    const email = body.email === undefined || body.email === null || body.email === '' ? undefined : normaliseEmail(body.email);
    const ban = banDurationMs(body.ban_duration);
    const changes: UserChanges = {
      email, role: optionalString(body.role, 'role', 63),
      appMeta: metadata(body.app_metadata, 'app_metadata'), userMeta: metadata(body.user_metadata, 'user_metadata'),
      bannedUntil: bannedUntil(ban),
    };
    const confirm = bool(body.email_confirm, 'email_confirm');
    const audit = auditor(app, request);
    const exists = await db.transaction((tx) => findUserById(tx, id), { readOnly: true });
    if (!exists) throw AuthErrors.userNotFoundAdmin();
    changes.passwordHash = await passwordHashOf(body);
    return db.transaction(async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw AuthErrors.userNotFoundAdmin();
      const at = now();
      if (email && email !== user.email) {
        if (await findUserByEmail(tx, email)) throw AuthErrors.emailExists();
        changes.userMeta = { ...(changes.userMeta ?? {}), email };
        if (user.email) await updateEmailIdentity(tx, id, { email, email_verified: confirm }, at);
        else await insertIdentity(tx, { userId: id, provider: 'email', providerId: id, at, data: { sub: id, email, email_verified: confirm, phone_verified: false } });
      }
      if (confirm) changes.confirmedAt = at;
      if (confirm && email && user.is_anonymous) changes.isAnonymous = false;
      const updated = await updateUser(tx, id, changes, at);
      if (changes.passwordHash || (ban !== undefined && ban > 0)) await endSessionsOf(tx, id);
      await audit(tx, 'user_modified', { user_id: id, user_email: updated.email });
      return loadUserJson(tx, updated);
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AuthErrors.emailExists();
      throw error;
    });
  });

  app.delete('/admin/users/:id', async (request) => {
    const id = userIdOf(request);
    const soft = bool(bodyOf(request).should_soft_delete, 'should_soft_delete');
    const audit = auditor(app, request);
    await db.transaction(async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw AuthErrors.userNotFoundAdmin();
      await audit(tx, 'user_deleted', { user_id: id, user_email: user.email, soft });
      if (soft) await softDeleteUser(tx, id, now());
      else await deleteUser(tx, id);
    }).catch((error: unknown) => {
      // A row elsewhere that must not lose its user (no cascade): GoTrue fails with a 500 here.
      if (isFkViolation(error)) throw AuthErrors.conflict('Database error deleting user: other rows still refer to this user (try should_soft_delete)');
      throw error;
    });
    return {};
  });
}
