/**
 * Outgoing mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise into the development
 * mailbox (store/mailbox.ts, shared by all instances, shown at /_dev/mailbox) and the log, so
 * sign-up confirmation and password recovery work offline. Auth mail the SMTP server does not take
 * waits in auth.mail_queue (mail-queue.ts); the app's notifications wait in their own outbox. The
 * words below are the defaults: an operator's files in MAIL_TEMPLATES_DIR replace them (mail-templates.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Services } from '../services';
import { queueMail } from './mail-queue';
import { applyTemplates } from './mail-templates';
import { storeMail } from './store/mailbox';

export type MailKind = 'signup' | 'recovery' | 'email_change' | 'reauthentication' | 'magiclink' | 'invite';

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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEMPLATES: Record<Exclude<MailKind, 'reauthentication'>, { subject: string; intro: string; action: string }> = {
  signup: { subject: 'Confirm your Need40 account', intro: 'Thanks for signing up to Need40. Confirm your email address to finish:', action: 'Confirm my email' },
  recovery: { subject: 'Reset your Need40 password', intro: 'Someone asked to reset the password of your Need40 account. If it was you:', action: 'Reset my password' },
  email_change: { subject: 'Confirm your new Need40 email address', intro: 'Confirm that this is the new email address of your Need40 account:', action: 'Confirm new email' },
  magiclink: { subject: 'Your Need40 sign-in link', intro: 'Follow this link to sign in to Need40:', action: 'Sign in' },
  invite: { subject: 'You have been invited to Need40', intro: 'You have been invited to create a Need40 account. Follow this link to accept:', action: 'Accept the invitation' },
};

/** A mail carrying a link, and with `code` also the six-digit code that verifyOtp accepts instead. */
export function composeMail(kind: Exclude<MailKind, 'reauthentication'>, to: string, link: string, code?: string): Mail {
  const t = TEMPLATES[kind];
  const codeText = code ? `\n\nOr enter this code: ${code}` : '';
  const codeHtml = code ? `<p>Or enter this code: <strong>${escapeHtml(code)}</strong></p>` : '';
  return {
    to,
    kind,
    subject: t.subject,
    link,
    ...(code && { code }),
    text: `${t.intro}\n\n${link}${codeText}\n\nIf you did not ask for this, ignore this email.`,
    html: `<p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>${codeHtml}<p>If you did not ask for this, ignore this email.</p>`,
  };
}

/** The reauthentication mail: a six-digit code to type into the app (GoTrue's {{ .Token }}). */
export function composeCodeMail(to: string, code: string): Mail {
  const intro = 'Enter this code to confirm that it is you changing your Need40 password:';
  return {
    to,
    kind: 'reauthentication',
    subject: 'Confirm it is you',
    link: null,
    code,
    text: `${intro}\n\n${code}\n\nIf you did not ask for this, change your password: someone may be using your account.`,
    html: `<p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(code)}</strong></p><p>If you did not ask for this, change your password: someone may be using your account.</p>`,
  };
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
export async function deliverMail(services: Services, log: FastifyBaseLogger, built: Mail): Promise<void> {
  const { config } = services;
  const mail = applyTemplates(config.mailTemplates, built, { ConfirmationURL: built.link ?? '', Token: built.code ?? '', Email: built.to, SiteURL: config.SITE_URL });
  if (!config.SMTP_URL) return toDevMailbox(services, log, mail);
  try {
    await sendSmtp(services, mail);
  } catch (error) {
    log.warn({ err: error, kind: mail.kind }, `the ${mail.kind} mail was not taken by the SMTP server: queued for retry`);
    await queueMail(services.db, mail, services.config.MAILER_OTP_EXP, (error as Error).message ?? String(error));
  }
}
