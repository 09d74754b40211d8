/**
 * Delivers the notification outbox through the backend's mailer (SMTP when SMTP_URL is set,
 * otherwise the development mailbox). `startNotificationDelivery` polls it from main.ts, with the
 * auth mail SMTP did not take at once (auth/mail-queue.ts); `deliverDueNotifications` drains what
 * is due once (tests call it directly).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { deliverQueuedMail } from '../auth/mail-queue';
import { sendMail, sendSmtp } from '../auth/mailer';
import { composeDigest, composeNotification } from './compose';
import { claimDue, markDelivered, markFailed, type OutboxItem } from './outbox';
import { unsubscribeHeaders } from './unsubscribe';

/** Recipients claimed per round trip. */
const BATCH = 20;

/** The deliverer's counters (one set per app): sent, failed, and its rounds (the job runner's pulse). */
function counters(services: Services) {
  const m = services.metrics;
  return {
    sent: m.counter({ name: 'need40_outbox_sent_total', help: 'Notification emails sent by this instance.' }),
    failed: m.counter({ name: 'need40_outbox_failures_total', help: 'Notification email attempts that failed (retried with backoff).' }),
    rounds: m.counter({ name: 'need40_job_rounds_total', help: 'Rounds of the background jobs of this instance, by job and outcome.', labelNames: ['job', 'outcome'] }),
    last: m.gauge({ name: 'need40_job_last_round_timestamp_seconds', help: 'When each background job last finished a round (unix seconds).', labelNames: ['job'] }),
  };
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
async function deliverTo(services: Services, log: FastifyBaseLogger, items: OutboxItem[], count: ReturnType<typeof counters>): Promise<number> {
  const send: OutboxItem[] = [];
  for (const item of items) {
    const skip = skipReason(item);
    if (skip) await markDelivered(services.db, [item.id], `not sent: ${skip}`);
    else send.push(item);
  }
  const money = send.filter((i) => MONEY_KINDS.has(i.kind));
  const rest = send.filter((i) => !MONEY_KINDS.has(i.kind));
  let sent = 0;
  for (const item of money) sent += await sendOne(services, log, [item], count);
  return rest.length ? sent + (await sendOne(services, log, rest, count)) : sent;
}

/** Send `send` (one recipient's rows) as one email: the notification itself, or a digest of several. */
async function sendOne(services: Services, log: FastifyBaseLogger, send: OutboxItem[], count: ReturnType<typeof counters>): Promise<number> {
  const ids = send.map((i) => i.id);
  const { email } = send[0]!;
  const composed = send.length === 1
    ? composeNotification(send[0]!.kind, send[0]!.payload, email!, services.config.SITE_URL)
    : composeDigest(send, email!, services.config.SITE_URL);
  const mail = { ...composed, headers: unsubscribeHeaders(services.config, send[0]!.recipientId) };
  try {
    await sendMail(services, log, mail);
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
export async function deliverDueNotifications(services: Services, log: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  const count = counters(services);
  for (;;) {
    const items = await claimDue(services.db, BATCH);
    const byRecipient = new Map<string, OutboxItem[]>();
    for (const item of items) byRecipient.set(item.recipientId, [...(byRecipient.get(item.recipientId) ?? []), item]);
    for (const group of byRecipient.values()) sent += await deliverTo(services, log, group, count);
    if (byRecipient.size < BATCH) return sent;
  }
}

export interface NotificationDelivery {
  /** Stop polling and wait for the round in flight. */
  stop(): Promise<void>;
}

/** Poll the outbox every `intervalMs` (rounds never overlap). */
export function startNotificationDelivery(services: Services, log: FastifyBaseLogger, intervalMs = 2000): NotificationDelivery {
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;
  const count = counters(services);
  const round = async () => {
    try {
      await deliverDueNotifications(services, log);
      if (services.config.SMTP_URL) await deliverQueuedMail(services, log, (mail) => sendSmtp(services, mail));
      count.rounds.inc({ job: 'notifications', outcome: 'ok' });
    } catch (error) {
      count.rounds.inc({ job: 'notifications', outcome: 'failed' });
      log.error({ err: error }, 'notification delivery round failed');
    }
    count.last.set({ job: 'notifications' }, services.now() / 1000);
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  const tick = () => {
    inFlight = round();
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
