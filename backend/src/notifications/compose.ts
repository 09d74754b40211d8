/**
 * The marketplace emails: one template per outbox kind, with a link back to the gig, and the
 * digest that carries several of them (a recipient gets at most one email per digest window, see
 * private.claim_notifications). Every value a member chose (names, gig titles) goes through
 * inertText(): one line, bounded, never a link; each email opens with our words, not theirs.
 * The HTML part escapes everything it prints.
 */
import type { Mail, MailKind } from '../auth/mailer';
import { inertText } from './inert-text';
import { dealUpdateLines, receiptLines } from './money-mail';
import type { MailLines, NotificationKind, NotificationPayload } from './types';

export type { NotificationKind, NotificationPayload } from './types';

export interface NotificationItem {
  kind: NotificationKind;
  payload: NotificationPayload;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FOOTER = 'You can turn these emails off in your Need40 profile.';
const DEFAULT_DECLINE = 'Thank you for applying. The poster has decided to go ahead with other applicants this time.';
/** Items a digest lists; the rest are counted. */
export const DIGEST_MAX_ITEMS = 20;

const titleOf = (p: NotificationPayload) => (p.gig_title ? inertText(p.gig_title, 100) : 'your gig');
const nameOf = (name: string | undefined) => inertText(name || 'A Need40 member', 60);

/** The money emails' words (money-mail.ts), with the member-chosen names made inert first. */
function moneyLines({ kind, payload: p }: NotificationItem): MailLines {
  const safe = { ...p, ...(p.gig_title ? { gig_title: titleOf(p) } : {}), ...(p.other_name ? { other_name: nameOf(p.other_name) } : {}) };
  return kind === 'payment_receipt' ? receiptLines(safe) : dealUpdateLines(safe);
}

/** One line saying what happened (a digest's list item; a single email's first line). */
function summary({ kind, payload: p }: NotificationItem): string {
  const title = titleOf(p);
  switch (kind) {
    case 'new_application':
      return `New application for your gig "${title}" from ${nameOf(p.worker_name)}.`;
    case 'application_accepted':
      return `Good news: the poster accepted your application for "${title}".`;
    case 'new_message':
      return `New message about "${title}" from ${nameOf(p.sender_name)}.`;
    case 'application_declined':
      return `Update on your application for "${title}".`;
    case 'deal_update':
    case 'payment_receipt':
      return `${moneyLines({ kind, payload: p }).subject}.`;
    case 'gig_invitation':
      return `${nameOf(p.poster_name)} invited you to apply to "${title}".`;
    case 'saved_search':
      return `${searchCount(p)} your saved search "${searchName(p)}".`;
  }
}

const searchName = (p: NotificationPayload) => inertText(p.search_name || 'your search', 60);
const searchCount = (p: NotificationPayload) => (p.count === 1 ? 'A new gig matches' : `${p.count ?? 0} new gigs match`);

function single(item: NotificationItem): MailLines {
  const title = titleOf(item.payload);
  switch (item.kind) {
    case 'new_application':
      return { subject: `New application for "${title}"`, intro: [summary(item), 'Open the gig to read their message and accept or decline:'], action: 'See the application' };
    case 'application_accepted':
      return { subject: `Your application for "${title}" was accepted`, intro: [summary(item), 'Open the gig to see the details:'], action: 'Open the gig' };
    case 'new_message':
      return { subject: `New message about "${title}"`, intro: [summary(item), 'Open the gig to read it and reply:'], action: 'Read the message' };
    case 'application_declined':
      return {
        subject: `Update on your application for "${title}"`,
        intro: [
          inertText(item.payload.notice || DEFAULT_DECLINE, 500),
          ...(item.payload.note ? [`A note from the poster: "${inertText(item.payload.note, 500)}"`] : []),
          `Gig: "${title}"`,
        ],
        action: 'Open the gig',
      };
    case 'deal_update':
    case 'payment_receipt':
      return moneyLines(item);
    case 'gig_invitation':
      return { subject: `You were invited to apply to "${title}"`, intro: [summary(item), 'Open the gig to read it and apply:'], action: 'Open the gig' };
    case 'saved_search':
      return {
        subject: `New gigs for your saved search "${searchName(item.payload)}"`,
        intro: [summary(item), ...(item.payload.gigs ?? []).slice(0, 5).map((g) => `- ${inertText(g.title, 100)}`), 'Open the newest:'],
        action: 'Open the gig',
      };
  }
}

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
const gigLink = (siteUrl: string, p: NotificationPayload) => `${base(siteUrl)}/#gig/${encodeURIComponent(p.gig_id ?? '')}`;
/** Where an item's link goes: the gig, or the receipt page for a receipt. */
const itemLink = (siteUrl: string, item: NotificationItem) =>
  item.kind === 'payment_receipt' ? `${base(siteUrl)}/${moneyLines(item).path}` : gigLink(siteUrl, item.payload);
// The dev mailbox files these under "notification".
const KIND: MailKind = 'notification';

/** The email for one outbox row, addressed to `to`, linking to the gig on `siteUrl`. */
export function composeNotification(kind: NotificationKind, payload: NotificationPayload, to: string, siteUrl: string): Mail {
  const t = single({ kind, payload });
  const link = itemLink(siteUrl, { kind, payload });
  return {
    to,
    kind: KIND,
    subject: t.subject,
    link,
    text: `${t.intro.join('\n\n')}\n\n${link}\n\n${FOOTER}`,
    html: `${t.intro.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(FOOTER)}</p>`,
  };
}

/** Several outbox rows for one recipient as one email (at most DIGEST_MAX_ITEMS listed). */
export function composeDigest(items: NotificationItem[], to: string, siteUrl: string): Mail {
  const shown = items.slice(0, DIGEST_MAX_ITEMS);
  const more = items.length - shown.length;
  const dashboard = `${base(siteUrl)}/#dashboard`;
  const intro = 'Here is what happened on Need40 since our last email:';
  const moreLine = more > 0 ? `…and ${more} more.` : '';
  const text = shown.map((i) => `- ${summary(i)}\n  ${itemLink(siteUrl, i)}`).join('\n');
  const html = shown.map((i) => `<li>${escapeHtml(summary(i))} <a href="${escapeHtml(itemLink(siteUrl, i))}">${i.kind === 'payment_receipt' ? 'See the receipt' : 'Open the gig'}</a></li>`).join('');
  return {
    to,
    kind: KIND,
    subject: `${items.length} updates on Need40`,
    link: dashboard,
    text: `${intro}\n\n${text}${moreLine ? `\n${moreLine}` : ''}\n\nYour dashboard: ${dashboard}\n\n${FOOTER}`,
    html: `<p>${escapeHtml(intro)}</p><ul>${html}</ul>${moreLine ? `<p>${escapeHtml(moreLine)}</p>` : ''}<p><a href="${escapeHtml(dashboard)}">Open your dashboard</a></p><p>${escapeHtml(FOOTER)}</p>`,
  };
}
