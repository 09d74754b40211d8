/**
 * Delivers the notification outbox through the backend's mailer (SMTP when SMTP_URL is set,
 * otherwise the development mailbox). `startNotificationDelivery` polls it from main.ts;
 * `deliverDueNotifications` drains what is due once (tests call it directly).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { deliverMail } from '../auth/mailer';
import { composeNotification } from './compose';
import { claimDue, markDelivered, markFailed } from './outbox';

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

/** Send every row that is due now. Returns how many were sent. */
export async function deliverDueNotifications(services: Services, log: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  const count = counters(services);
  for (;;) {
    const items = await claimDue(services.db, BATCH);
    for (const item of items) {
      const skip = !item.enabled ? 'notifications turned off' : !item.email ? 'the account has no email address' : item.read ? 'the thread was read meanwhile' : null;
      if (skip || !item.email) {
        await markDelivered(services.db, item.id, `not sent: ${skip ?? 'no address'}`);
        continue;
      }
      try {
        await deliverMail(services, log, composeNotification(item.kind, item.payload, item.email, services.config.SITE_URL));
        await markDelivered(services.db, item.id);
        sent++;
        count.sent.inc();
      } catch (error) {
        count.failed.inc();
        log.warn({ err: error, outbox_id: item.id, attempts: item.attempts }, 'notification email failed; will retry');
        await markFailed(services.db, item.id, (error as Error).message ?? String(error));
      }
    }
    if (items.length < BATCH) return sent;
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
