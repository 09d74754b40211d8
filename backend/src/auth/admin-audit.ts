/**
 * The audit of the admin API: each call is recorded as the admin who made it (the guard in
 * admin.ts remembers the verified claims per request). Its own module so the route modules and
 * the guard do not import each other.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/types';
import type { Claims } from '../security/jwt';
import { clientIp } from './context';
import { recordAudit, type AuditEntry } from './store/audit';
import { iso } from './util';

const admins = new WeakMap<FastifyRequest, Claims>();

export type AuditFn = (tx: Tx, action: string, traits: Record<string, unknown>, logType?: AuditEntry['logType']) => Promise<void>;

/** Record one admin action, as the caller of this request. */
export function auditor(app: FastifyInstance, request: FastifyRequest): AuditFn {
  const claims = admins.get(request) ?? {};
  return (tx, action, traits, logType = 'team') =>
    recordAudit(tx, {
      actorId: typeof claims.sub === 'string' ? claims.sub : '',
      actorUsername: typeof claims.role === 'string' ? claims.role : '',
      action, logType, traits, ip: clientIp(request), at: iso(app.services.now()),
    });
}

/** Called by the guard once the caller is a verified admin. */
export function rememberAdmin(request: FastifyRequest, claims: Claims): void {
  admins.set(request, claims);
}
