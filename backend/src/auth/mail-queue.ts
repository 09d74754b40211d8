/**
 * Auth mail that SMTP did not take at once (auth.mail_queue, store/mail-queue.ts): queued with the
 * lifetime of the link it carries, then retried by the mail delivery job (notifications/delivery.ts
 * runs a round of it beside the notification outbox) with backoff — 30 s, 1 min, 2 min, … at most
 * 1 h — until sent or expired. A claim is a lease (several instances never send one mail twice at
 * once; a crash in the middle sends it again later). The bodies are credentials: cleared once sent
 * or expired.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/types';
import type { Services } from '../services';
import { claimQueuedMail, expireQueuedMail, insertQueuedMail, markQueuedMailFailed, markQueuedMailSent, type MailToQueue } from './store/mail-queue';

/** Mails claimed per round; seconds a claim holds a mail before it is due again. */
const BATCH = 20;
const LEASE_SECONDS = 120;

export async function queueMail(db: Database, mail: MailToQueue, lifetimeSeconds: number, error: string): Promise<void> {
  await db.transaction((tx) => insertQueuedMail(tx, mail, lifetimeSeconds, error));
}

/**
 * Send what is due once through `send` (the SMTP transport); returns how many were sent. Mails whose
 * link ran out are emptied first; a failure waits a backoff that grows with the attempts.
 */
export async function deliverQueuedMail(services: Services, log: FastifyBaseLogger, send: (mail: MailToQueue) => Promise<void>): Promise<number> {
  const { db } = services;
  const due = await db.transaction(async (tx) => {
    await expireQueuedMail(tx);
    return claimQueuedMail(tx, BATCH, LEASE_SECONDS);
  });
  let sent = 0;
  for (const row of due) {
    try {
      await send({ to: row.to_address, kind: row.kind, subject: row.subject, text: row.text_body, html: row.html_body });
      await db.transaction((tx) => markQueuedMailSent(tx, row.id));
      sent++;
    } catch (error) {
      log.warn({ err: error, kind: row.kind, mail_queue_id: row.id }, 'queued auth mail failed again; will retry');
      await db.transaction((tx) => markQueuedMailFailed(tx, row.id, (error as Error).message ?? String(error)));
    }
  }
  return sent;
}
