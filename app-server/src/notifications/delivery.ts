/**
 * Delivers the notification outbox through the platform's mailer (SMTP when SMTP_URL is set,
 * otherwise the development mailbox). `deliverDueNotifications` drains what is due once: the
 * `notifications` background job (index.ts) runs it every two seconds; tests run a round with
 * `app.jobs.get('notifications')!.runOnce()`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppServices as Services } from '../context';
import type { Composer } from './compose';
import { claimDue, markDelivered, markFailed, type OutboxItem } from './outbox';
import { unsubscribeHeaders } from './unsubscribe';

/** Recipients claimed per round trip. */
const BATCH = 20;

/** The deliverer's counters (one set per app): sent and failed. Its rounds are counted by the job runner. */
function counters(services: Services) {
  const m = services.metrics;
  return {
    sent: m.counter({ name: 'need40_outbox_sent_total', help: 'Notification emails sent by this instance.' }),
    failed: m.counter({ name: 'need40_outbox_failures_total', help: 'Notification email attempts that failed (retried with backoff).' }),
  };
}

interface Round {
  services: Services;
  log: FastifyBaseLogger;
  compose: Composer;
  count: ReturnType<typeof counters>;
}

/** Why an item is not sent at all (it is marked delivered with this note), or null. */
function skipReason(item: OutboxItem): string | null {
  if (!item.enabled) return 'notifications turned off';
  if (!item.email) return 'the account has no email address';
  return item.read ? 'the thread was read meanwhile' : null;
}

/**
 * Money emails are records (a receipt or a step of one's own deal, each caused by a money step of a
 * bounded process): each goes out on its own, never folded into a digest's one line.
 */
const MONEY_KINDS: ReadonlySet<string> = new Set(['deal_update', 'payment_receipt']);

/** One recipient's claimed rows: each money email on its own, the others as one email (a digest when several). */
async function deliverTo(round: Round, items: OutboxItem[]): Promise<number> {
  const { services } = round;
  const send: OutboxItem[] = [];
  for (const item of items) {
    const skip = skipReason(item);
    if (skip) await markDelivered(services.db, [item.id], `not sent: ${skip}`);
    else send.push(item);
  }
  const money = send.filter((i) => MONEY_KINDS.has(i.kind));
  const rest = send.filter((i) => !MONEY_KINDS.has(i.kind));
  let sent = 0;
  for (const item of money) sent += await sendOne(round, [item]);
  return rest.length ? sent + (await sendOne(round, rest)) : sent;
}

/** Send `send` (one recipient's rows) as one email: the notification itself, or a digest of several. */
async function sendOne({ services, log, compose, count }: Round, send: OutboxItem[]): Promise<number> {
  const ids = send.map((i) => i.id);
  const { email, recipientId } = send[0]!;
  // One kind of email: its own unsubscribe link; a digest of several kinds: the link for all.
  const kinds = new Set(send.map((i) => i.kind));
  try {
    // Composing is inside: a row no template can write (an unknown kind) fails alone and is retried, never the round.
    const composed = send.length === 1 ? compose.single(send[0]!, email!) : compose.digest(send, email!);
    const mail = { ...composed, headers: unsubscribeHeaders(services, recipientId, kinds.size === 1 ? send[0]!.kind : null) };
    await services.platform.sendMail(services, log, mail);
    await markDelivered(services.db, ids);
    count.sent.inc();
    return 1;
  } catch (error) {
    count.failed.inc();
    log.warn({ err: error, outbox_ids: ids, attempts: send[0]!.attempts }, 'notification email failed; will retry');
    await markFailed(services.db, ids, (error as Error).message ?? String(error));
    return 0;
  }
}

/** Send everything that is due now. Returns how many emails were sent (a digest counts once). */
export async function deliverDueNotifications(services: Services, log: FastifyBaseLogger, compose: Composer): Promise<number> {
  let sent = 0;
  const round: Round = { services, log, compose, count: counters(services) };
  for (;;) {
    const items = await claimDue(services, BATCH);
    const byRecipient = new Map<string, OutboxItem[]>();
    for (const item of items) byRecipient.set(item.recipientId, [...(byRecipient.get(item.recipientId) ?? []), item]);
    for (const group of byRecipient.values()) sent += await deliverTo(round, group);
    if (byRecipient.size < BATCH) return sent;
  }
}
