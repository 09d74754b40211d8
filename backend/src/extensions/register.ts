/**
 * Registers the deployment's extensions on an app (buildApp calls it last, so the platform's
 * routes come first) and keeps every background job in `app.jobs`, the platform's own included:
 * `mail-queue`, the auth mail SMTP did not take at once (auth/mail-queue.ts), when SMTP is set.
 * main.ts starts them after the server listens and stops them before it closes; tests run one
 * round with `app.jobs.get(name)!.runOnce()`.
 */
import type { FastifyInstance } from 'fastify';
import { deliverQueuedMail } from '../auth/mail-queue';
import { sendSmtp } from '../auth/mailer';
import { platform } from '../platform';
import { pollingJob } from './polling-job';
import type { BackendExtension, BackgroundJob } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs by name (the platform's and the extensions'). */
    jobs: ReadonlyMap<string, BackgroundJob>;
  }
}

/** How often the polling jobs run a round. */
export const MAIL_QUEUE_INTERVAL_MS = 2000;

export async function registerExtensions(app: FastifyInstance, extensions: readonly BackendExtension[]): Promise<void> {
  const { services } = app;
  const jobs = new Map<string, BackgroundJob>();
  const add = (job: BackgroundJob) => {
    if (jobs.has(job.name)) throw new Error(`two background jobs are named ${job.name}`);
    jobs.set(job.name, job);
  };
  if (services.config.SMTP_URL) {
    const log = app.log.child({ module: 'mail-queue' });
    add(pollingJob(services, log, 'mail-queue', MAIL_QUEUE_INTERVAL_MS, () => deliverQueuedMail(services, log, (mail) => sendSmtp(services, mail))));
  }
  for (const extension of extensions) {
    for (const job of (await extension.register(app, platform)) ?? []) add(job);
  }
  app.decorate('jobs', jobs);
}
