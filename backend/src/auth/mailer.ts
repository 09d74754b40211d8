/**
 * Outgoing mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise into the development
 * mailbox (store/mailbox.ts, shared by all instances, shown at /_dev/mailbox) and the log, so
 * sign-up confirmation and password recovery work offline.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Services } from '../services';
import { AuthErrors } from './errors';
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
    text: `${intro}\n\n${code}\n\nIf you did not ask for this, change your password: someone may be using your account.`,
    html: `<p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(code)}</strong></p><p>If you did not ask for this, change your password: someone may be using your account.</p>`,
  };
}

const transports = new Map<string, Transporter>();

export async function deliverMail(services: Services, log: FastifyBaseLogger, mail: Mail): Promise<void> {
  const { config } = services;
  if (config.SMTP_URL) {
    let transport = transports.get(config.SMTP_URL);
    if (!transport) {
      transport = nodemailer.createTransport(config.SMTP_URL);
      transports.set(config.SMTP_URL, transport);
    }
    try {
      await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      throw AuthErrors.unexpected(new Error(`sending the ${mail.kind} mail failed`, { cause: error }));
    }
    return;
  }
  await services.db.transaction((tx) => storeMail(tx, mail, new Date(services.now()).toISOString()));
  // Links and codes are credentials: the log names the mail, /_dev/mailbox shows it.
  log.info({ to: mail.to, kind: mail.kind }, `dev mailbox: "${mail.subject}" to ${mail.to} — open /_dev/mailbox`);
}
