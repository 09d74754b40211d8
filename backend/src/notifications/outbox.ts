/**
 * The outbox in private.notification_outbox, as the deliverer sees it: claim the rows that are
 * due (a claim is a lease: a row whose delivery does not finish is due again when it runs out, so
 * every row is delivered at least once), then mark each delivered or failed. Several backend
 * instances can drain one outbox: a claim skips rows another instance holds.
 */
import { emailsOf } from '../auth/store/users';
import type { Database } from '../db/types';
import type { NotificationKind, NotificationPayload } from './types';

export interface OutboxItem {
  id: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  attempts: number;
  /** The recipient's account email (null if the account has none). */
  email: string | null;
  /** The recipient's preference now (it may have changed since the row was written). */
  enabled: boolean;
  /** new_message: the recipient has read the thread since the latest message of the burst. */
  read: boolean;
}

/** Seconds a claimed row stays with its claimer before it is due again. */
export const LEASE_SECONDS = 120;
/** After this many failed attempts a row is given up (left undelivered with its last error). */
export const MAX_ATTEMPTS = 8;

const CLAIM_SQL = `
with due as (
  select o.id from private.notification_outbox o
  where o.delivered_at is null and o.deliver_after <= now() and o.attempts < $2
  order by o.deliver_after, o.id
  limit $1
  for update skip locked
)
update private.notification_outbox o
   set attempts = o.attempts + 1, deliver_after = now() + make_interval(secs => $3)
  from due
 where o.id = due.id
returning o.id::text as id, o.kind, o.payload, o.attempts, o.recipient_id::text as recipient_id,
  coalesce((select p.email_enabled from public.notification_preferences p where p.user_id = o.recipient_id), true) as enabled,
  o.kind = 'new_message' and exists (select 1 from public.application_reads r
    where r.application_id = (o.payload ->> 'application_id')::uuid and r.user_id = o.recipient_id
      and r.last_read_at >= (o.payload ->> 'last_message_at')::timestamptz) as read`;

export async function claimDue(db: Database, limit: number): Promise<OutboxItem[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Omit<OutboxItem, 'email'> & { recipient_id: string }>(CLAIM_SQL, [limit, MAX_ATTEMPTS, LEASE_SECONDS]);
    // The addresses come from the auth store, in the claim's transaction.
    const emails = rows.length ? await emailsOf(tx, [...new Set(rows.map((r) => r.recipient_id))]) : new Map<string, string | null>();
    return rows.map(({ recipient_id, ...r }) => ({
      ...r,
      email: emails.get(recipient_id) ?? null,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    }));
  });
}

/** Delivered (or deliberately not sent: `note` says why). */
export async function markDelivered(db: Database, id: string, note: string | null = null): Promise<void> {
  await db.transaction((tx) => tx.query('update private.notification_outbox set delivered_at = now(), last_error = $2 where id = $1::bigint', [id, note]));
}

/** Failed: due again after a backoff that grows with the attempts (30 s, 1 min, 2 min, … ≤ 1 h). */
export async function markFailed(db: Database, id: string, error: string): Promise<void> {
  await db.transaction((tx) =>
    tx.query(
      `update private.notification_outbox
          set last_error = left($2, 1000), deliver_after = now() + make_interval(secs => least(3600, 30 * power(2, greatest(attempts - 1, 0))))
        where id = $1::bigint`,
      [id, error],
    ),
  );
}
