/**
 * Helpers for the moderation tests: an operator made the way an operator is made in production
 * (the operator CLI's code, through the auth admin API with the service role key), the emails the
 * console queued, and the operator audit rows of one item.
 */
import { setOperator } from 'backend/src/cli/operator-admin';
import { adminApi } from 'backend/test/auth/admin';
import type { TestBackend } from 'backend/test/harness';
import type { TestUser } from 'backend/test/rest/helpers';
import { sql } from './helpers';

/** Give `user` the operator role as `pnpm --filter backend operator add` does. */
export async function makeOperator(be: TestBackend, user: TestUser): Promise<void> {
  await setOperator(adminApi(be), user.email, true);
}

/** The queued emails of one kind to one member, oldest first: their payloads. */
export async function queued(be: TestBackend, user: { id: string }, kind: string): Promise<Record<string, unknown>[]> {
  const rows = await sql<{ payload: Record<string, unknown> }>(be,
    'select payload from private.notification_outbox where recipient_id = $1 and kind = $2 order by id', [user.id, kind]);
  return rows.map((r) => r.payload);
}

/** The audit rows of one item, oldest first. */
export function auditOf(be: TestBackend, kind: string, id: string) {
  return sql<{ actor_id: string | null; actor_role: string; action: string; reason: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(be,
    'select actor_id, actor_role, action, reason, before, after from private.operator_audit where target_kind = $1 and target_id = $2 order by id', [kind, id]);
}
