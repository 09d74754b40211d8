/**
 * The store of auth.mail_queue: auth mail the SMTP server did not take at once, waiting for a
 * retry (auth/mail-queue.ts decides when; this file only reads and writes the rows).
 */
import type { Tx } from '../../db/types';

export interface QueuedMailRow {
  id: string;
  to_address: string;
  kind: string;
  subject: string;
  text_body: string;
  html_body: string;
}

export interface MailToQueue {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail that failed once: first retry in 30 s; kept for `lifetimeSeconds` (its link's). */
export async function insertQueuedMail(tx: Tx, mail: MailToQueue, lifetimeSeconds: number, error: string): Promise<void> {
  await tx.query(
    `insert into auth.mail_queue (to_address, kind, subject, text_body, html_body, attempts, deliver_after, expires_at, last_error)
     values ($1, $2, $3, $4, $5, 1, now() + interval '30 seconds', now() + make_interval(secs => $6), left($7, 1000))`,
    [mail.to, mail.kind, mail.subject, mail.text, mail.html, lifetimeSeconds, error],
  );
}

/** Empty the mails whose link ran out unsent (their bodies are credentials). */
export async function expireQueuedMail(tx: Tx): Promise<void> {
  await tx.query(
    `update auth.mail_queue set text_body = null, html_body = null, last_error = 'not sent: its link expired first'
      where text_body is not null and sent_at is null and expires_at <= now()`,
  );
}

/** Up to `limit` due mails, leased for `leaseSeconds` (other instances skip them meanwhile). */
export async function claimQueuedMail(tx: Tx, limit: number, leaseSeconds: number): Promise<QueuedMailRow[]> {
  const { rows } = await tx.query<QueuedMailRow>(
    `update auth.mail_queue q set deliver_after = now() + make_interval(secs => $2), attempts = q.attempts + 1
      where q.id in (select id from auth.mail_queue where text_body is not null and sent_at is null and deliver_after <= now()
                     order by deliver_after limit $1 for update skip locked)
      returning q.id::text as id, q.to_address, q.kind, q.subject, q.text_body, q.html_body`,
    [limit, leaseSeconds],
  );
  return rows;
}

export async function markQueuedMailSent(tx: Tx, id: string): Promise<void> {
  await tx.query('update auth.mail_queue set sent_at = now(), text_body = null, html_body = null, last_error = null where id = $1', [id]);
}

/** Failed again: due after a backoff that grows with the attempts (30 s, 1 min, 2 min, … ≤ 1 h). */
export async function markQueuedMailFailed(tx: Tx, id: string, error: string): Promise<void> {
  await tx.query(
    `update auth.mail_queue set last_error = left($2, 1000), deliver_after = now() + make_interval(secs => least(3600, 30 * power(2, greatest(attempts - 1, 0))))
      where id = $1`,
    [id, error],
  );
}
