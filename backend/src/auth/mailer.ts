/**
 * Outgoing mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise into the development
 * mailbox (store/mailbox.ts, shared by all instances, shown at /_dev/mailbox) and the log, so
 * sign-up confirmation and password recovery work offline. Auth mail the SMTP server does not take
 * waits in auth.mail_queue (mail-queue.ts); the app's notifications wait in their own outbox. An auth
 * mail's words come from the template files (mail-templates.ts: backend/mail-templates/, which an
 * operator's MAIL_TEMPLATES_DIR overrides file by file).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Services } from '../services';
import { queueMail } from './mail-queue';
import { renderMail, type MailKind as AuthMailKind } from './mail-templates';
import { storeMail } from './store/mailbox';

/** The kinds of mail: the auth mails' (mail-templates.ts) and the app's notifications. */
export type MailKind = AuthMailKind | 'notification';

/** A mail ready to send (its words filled in). */
export interface Mail {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries; null for a mail that carries a code. */
  link: string | null;
  /** The six-digit code it carries, if any (the templates' {{ .Token }}). */
  code?: string;
  /** More headers (a notification's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** An auth mail before its words: what the templates are filled with (deliverMail renders it). */
export interface AuthMail {
  to: string;
  kind: AuthMailKind;
  link: string | null;
  code?: string;
}

/** A mail carrying a link, and with `code` also the six-digit code that verifyOtp accepts instead. */
export function composeMail(kind: Exclude<AuthMailKind, 'reauthentication'>, to: string, link: string, code?: string): AuthMail {
  return { to, kind, link, ...(code && { code }) };
}

/** The reauthentication mail: a six-digit code to type into the app (GoTrue's {{ .Token }}). */
export function composeCodeMail(to: string, code: string): AuthMail {
  return { to, kind: 'reauthentication', link: null, code };
}

const transports = new Map<string, Transporter>();

/** Seconds to wait for the SMTP server to connect and greet, and for a quiet socket: a request waits at most about this. */
const SMTP_TIMEOUT_MS = 10_000;

/** Send through SMTP (SMTP_URL must be set); throws when the server does not take the mail. */
export async function sendSmtp(services: Services, mail: Pick<Mail, 'to' | 'subject' | 'text' | 'html' | 'headers'>): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = services.config;
  let transport = transports.get(SMTP_URL!);
  if (!transport) {
    transport = nodemailer.createTransport({ url: SMTP_URL, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: 2 * SMTP_TIMEOUT_MS });
    transports.set(SMTP_URL!, transport);
  }
  await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.headers && { headers: mail.headers }) });
}

/** Without SMTP_URL: into the development mailbox, and a line of the log. */
async function toDevMailbox(services: Services, log: FastifyBaseLogger, mail: Mail): Promise<void> {
  await services.db.transaction((tx) => storeMail(tx, mail, new Date(services.now()).toISOString()));
  // Links and codes are credentials: the log names the mail, /_dev/mailbox shows it.
  log.info({ to: mail.to, kind: mail.kind }, `dev mailbox: "${mail.subject}" to ${mail.to} — open /_dev/mailbox`);
}

/** A mail of the app's (the notification outbox retries it itself): sent now, or an error. */
export async function sendMail(services: Services, log: FastifyBaseLogger, mail: Mail): Promise<void> {
  if (!services.config.SMTP_URL) return toDevMailbox(services, log, mail);
  try {
    await sendSmtp(services, mail);
  } catch (error) {
    throw new Error(`sending the ${mail.kind} mail failed`, { cause: error });
  }
}

/**
 * An auth mail (confirmation, recovery, email change, magic link, invitation, code): sent now, or —
 * when the SMTP server does not take it — queued and retried (mail-queue.ts) for as long as its link
 * lives, and the member's request succeeds either way, as hosted Supabase's would with a working server.
 */
export async function deliverMail(services: Services, log: FastifyBaseLogger, built: AuthMail): Promise<void> {
  const { config } = services;
  const words = renderMail(config.mailTemplates, built.kind, { ConfirmationURL: built.link ?? '', Token: built.code ?? '', Email: built.to, SiteURL: config.SITE_URL });
  const mail: Mail = { ...built, ...words };
  if (!config.SMTP_URL) return toDevMailbox(services, log, mail);
  try {
    await sendSmtp(services, mail);
  } catch (error) {
    log.warn({ err: error, kind: mail.kind }, `the ${mail.kind} mail was not taken by the SMTP server: queued for retry`);
    await queueMail(services.db, mail, services.config.MAILER_OTP_EXP, (error as Error).message ?? String(error));
  }
}
