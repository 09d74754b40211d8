/**
 * The store of auth.audit_log_entries (GoTrue's audit trail). A row per audited action, written in
 * the same transaction as the change it records, with GoTrue's payload shape
 * {actor_id, actor_username, actor_via_sso, log_type, action, traits}.
 */
import type { Tx } from '../../db/types';

export interface AuditEntry {
  /** The caller: a user id, or '' for the service_role key (which has no sub). */
  actorId: string;
  actorUsername: string;
  action: string;
  logType: 'team' | 'user' | 'account' | 'token';
  traits: Record<string, unknown>;
  ip: string;
  at: string;
}

export async function recordAudit(tx: Tx, e: AuditEntry): Promise<void> {
  const payload = { actor_id: e.actorId, actor_username: e.actorUsername, actor_via_sso: false, log_type: e.logType, action: e.action, traits: e.traits };
  await tx.query('insert into auth.audit_log_entries (payload, created_at, ip_address) values ($1::json, $2, $3)', [JSON.stringify(payload), e.at, e.ip.slice(0, 64)]);
}

export async function listAudit(tx: Tx, page: number, perPage: number): Promise<{ rows: { id: string; payload: unknown; created_at: unknown; ip_address: string }[]; total: number }> {
  const total = Number((await tx.query<{ n: number }>('select count(*)::int as n from auth.audit_log_entries')).rows[0]?.n ?? 0);
  const { rows } = await tx.query<{ id: string; payload: unknown; created_at: unknown; ip_address: string }>(
    'select id, payload, created_at, ip_address from auth.audit_log_entries order by created_at desc, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  return { rows, total };
}
