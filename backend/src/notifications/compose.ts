/**
 * The marketplace emails: one template per outbox kind, with a link back to the gig. Every value
 * from the database (gig title, names, notices) is escaped in the HTML part.
 */
import type { Mail, MailKind } from '../auth/mailer';
import { dealUpdateLines, receiptLines } from './money-mail';
import type { MailLines, NotificationKind, NotificationPayload } from './types';

export type { NotificationKind, NotificationPayload } from './types';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FOOTER = 'You can turn these emails off in your Need40 profile.';

function lines(kind: NotificationKind, p: NotificationPayload): MailLines {
  const title = p.gig_title ?? 'your gig';
  switch (kind) {
    case 'new_application':
      return {
        subject: `New application for "${title}"`,
        intro: [`${p.worker_name ?? 'A Need40 member'} applied to your gig "${title}".`, 'Open the gig to read their message and accept or decline:'],
        action: 'See the application',
      };
    case 'application_accepted':
      return {
        subject: `Your application for "${title}" was accepted`,
        intro: [`Good news: the poster accepted your application for "${title}".`, 'Open the gig to see the details:'],
        action: 'Open the gig',
      };
    case 'new_message':
      return {
        subject: `New message about "${title}"`,
        intro: [`${p.sender_name ?? 'A Need40 member'} wrote to you about "${title}".`, 'Open the gig to read it and reply:'],
        action: 'Read the message',
      };
    case 'deal_update':
      return dealUpdateLines(p);
    case 'payment_receipt':
      return receiptLines(p);
    case 'application_declined':
      return {
        subject: `Update on your application for "${title}"`,
        intro: [p.notice ?? 'Thank you for applying. The poster has decided to go ahead with other applicants this time.', `Gig: "${title}"`],
        action: 'Open the gig',
      };
  }
}

/** The email for one outbox row, addressed to `to`, linking to the gig on `siteUrl`. */
export function composeNotification(kind: NotificationKind, payload: NotificationPayload, to: string, siteUrl: string): Mail {
  const t = lines(kind, payload);
  const link = `${siteUrl.replace(/\/+$/, '')}/${t.path ?? `#gig/${encodeURIComponent(payload.gig_id ?? '')}`}`;
  return {
    to,
    // The mailer's kinds name the auth emails; the dev mailbox files these under "notification".
    kind: 'notification' as MailKind,
    subject: t.subject,
    link,
    text: `${t.intro.join('\n\n')}\n\n${link}\n\n${FOOTER}`,
    html: `${t.intro.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(FOOTER)}</p>`,
  };
}
