/**
 * The outbox in private.notification_outbox, as the deliverer sees it: claim what is due, all of a
 * recipient's rows together (private.claim_notifications: a recipient emailed less than a digest
 * window ago waits for its end; a claim is a lease, so a row whose delivery does not finish is
 * due again when it runs out and every row is delivered at least once), then mark the rows
 * delivered or failed. Several backend instances can drain one outbox: a claim skips recipients
 * another instance is claiming.
 */
import type { Database } from 'backend/platform';
import type { AppServices } from '../context';
import type { NotificationKind, NotificationPayload } from './types';

export interface OutboxItem {
  id: string;
  kind: NotificationKind;
  payload: NotificationPayload;
  attempts: number;
  recipientId: string;
  /** The recipient's account email (null if the account has none). */
  email: string | null;
  /**
   * The recipient's preference now (it may have changed since the row was written): emails on, and
   * this kind not turned off. Account and moderation notices go out whatever the preference.
   */
  enabled: boolean;
  /** new_message: the recipient has read the thread since the latest message of the burst. */
  read: boolean;
}

/** Kinds about the member's own account or items (private.enqueue_service_notice): sent whatever their email setting. */
export const SERVICE_NOTICES = ['account_suspended', 'member_warning', 'gig_hidden', 'gig_restored', 'report_resolved'];

/** Seconds a claimed row stays with its claimer before it is due again. */
export const LEASE_SECONDS = 120;
/**
 * After private.notification_max_attempts() failed attempts (app SQL, the one source of the number:
 * the console's admin_outbox calls such a row "failed" with it too) a row is given up, left
 * undelivered with its last error.
 */
const MAX_ATTEMPTS_SQL = 'private.notification_max_attempts()';

const CLAIM_SQL = `
select o.id::text as id, o.kind, o.attempts, o.recipient_id::text as recipient_id,
  -- A message's email leads to the thread on the recipient's side of the application (values.ts): which side, read now.
  case when o.kind = 'new_message' then o.payload || jsonb_build_object('reader', (select case when a.worker_id = o.recipient_id then 'worker' else 'poster' end
    from public.applications a where a.id = (o.payload ->> 'application_id')::uuid)) else o.payload end as payload,
  o.kind = any($3::text[]) or coalesce((select p.email_enabled and not (o.kind = any(p.email_off))
    from public.notification_preferences p where p.user_id = o.recipient_id), true) as enabled,
  o.kind = 'new_message' and exists (select 1 from public.application_reads r
    where r.application_id = (o.payload ->> 'application_id')::uuid and r.user_id = o.recipient_id
      and r.last_read_at >= (o.payload ->> 'last_message_at')::timestamptz) as read
from private.claim_notifications($1, $2, ${MAX_ATTEMPTS_SQL}) o
order by o.recipient_id, o.created_at, o.id`;

/** Claim the due rows of up to `recipients` recipients (each recipient's rows adjacent, oldest first). */
export async function claimDue(services: AppServices, recipients: number): Promise<OutboxItem[]> {
  const { db, platform } = services;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Omit<OutboxItem, 'email' | 'recipientId'> & { recipient_id: string }>(CLAIM_SQL, [recipients, LEASE_SECONDS, SERVICE_NOTICES]);
    // The addresses come from the auth store, in the claim's transaction.
    const emails = rows.length ? await platform.emailsOf(tx, [...new Set(rows.map((r) => r.recipient_id))]) : new Map<string, string | null>();
    return rows.map(({ recipient_id, ...r }) => ({
      ...r,
      recipientId: recipient_id,
      email: emails.get(recipient_id) ?? null,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    }));
  });
}

/** Delivered (or deliberately not sent: `note` says why). */
export async function markDelivered(db: Database, ids: string[], note: string | null = null): Promise<void> {
  await db.transaction((tx) => tx.query('update private.notification_outbox set delivered_at = now(), last_error = $2 where id = any($1::bigint[])', [ids, note]));
}

/** Failed: due again after a backoff that grows with the attempts (30 s, 1 min, 2 min, … ≤ 1 h). */
export async function markFailed(db: Database, ids: string[], error: string): Promise<void> {
  await db.transaction((tx) =>
    tx.query(
      `update private.notification_outbox
          set last_error = left($2, 1000), deliver_after = now() + make_interval(secs => least(3600, 30 * power(2, greatest(attempts - 1, 0))))
        where id = any($1::bigint[])`,
      [ids, error],
    ),
  );
}

export interface OutboxBacklog {
  /** Undelivered rows still to be tried. */
  pending: number;
  /** Undelivered rows given up after private.notification_max_attempts() failures. */
  givenUp: number;
  /** Seconds the oldest due row has waited past its time (0 when nothing is due): the deliverer's lag. */
  lagSeconds: number;
}

/** The outbox as the metrics show it (the partial index on undelivered rows keeps it cheap). */
export async function outboxBacklog(db: Database): Promise<OutboxBacklog> {
  const { rows } = await db.transaction(
    (tx) =>
      tx.query<{ pending: string; given_up: string; lag: string | null }>(
        `select count(*) filter (where attempts < m.n)::text as pending, count(*) filter (where attempts >= m.n)::text as given_up,
                extract(epoch from now() - min(deliver_after) filter (where attempts < m.n and deliver_after <= now()))::text as lag
           from private.notification_outbox, (select ${MAX_ATTEMPTS_SQL} as n) m where delivered_at is null`,
      ),
    { readOnly: true },
  );
  const r = rows[0]!;
  return { pending: Number(r.pending), givenUp: Number(r.given_up), lagSeconds: Math.max(0, Number(r.lag ?? 0)) };
}
