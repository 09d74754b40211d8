/**
 * What each kind of email's template is filled with (templates.ts), and where its link goes — one
 * place per kind: the template's name, its link, its values. Every value a member chose (names, gig
 * titles, notes) goes through inertText() first: one line, bounded, never a link. Money is written
 * by `@need40/ui`'s one rule (formatCents), links by the kernel's address contract (HREF).
 *
 * The values every template gets: title (the gig's, or "your gig"), link (absolute), site, plus:
 *   new_application, application_withdrawn  worker_name, notice
 *   new_message                              sender_name
 *   application_declined, gig_closed         notice, note (the poster's own words, when written)
 *   review_posted                            reviewer_name, rating, stars
 *   gig_invitation                           poster_name
 *   saved_search                             search_name, matches ("A new gig matches" / "3 new gigs
 *                                            match"), gigs (the newest five: title, link), more
 *   gig_hidden, account_suspended, member_warning, report_resolved   notice
 *   deal_update (deal_update.<step>)         other_name, amount, worker_amount, release_date,
 *                                            outcome_split / outcome_refund / outcome_release
 *   payment_receipt                          amount, to_worker, fee, refund_back, held_in, held_out,
 *                                            date, paid_through, method, reference, receipt_no, step_<step>
 */
import { HREF, pageLink, threadHref } from '@need40/shared/routes';
import { formatCents } from '@need40/ui/money';
import { inertText } from './inert-text';
import type { NotificationKind, NotificationPayload } from './types';

export interface NotificationItem {
  kind: NotificationKind;
  payload: NotificationPayload;
}

export type View = Record<string, unknown> & { link: string };

const DEFAULT_DECLINE = 'Thank you for applying. The poster has decided to go ahead with other applicants this time.';
const DEFAULT_CLOSE = 'Thank you for applying. The poster has closed this gig without choosing an applicant.';

const titleOf = (p: NotificationPayload) => (p.gig_title ? inertText(p.gig_title, 100) : 'your gig');
const nameOf = (name: string | undefined) => inertText(name || 'A Need40 member', 60);
const text = (value: string | null | undefined, max = 500) => (value ? inertText(value, max) : '');
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : 'soon');
const cents = (value: number | null | undefined) => (value ? formatCents(Math.abs(value)) : '');

/** The template an item is written with: its kind, or for a deal's step `deal_update.<step>` when there is one. */
export function templateName(item: NotificationItem, has: (name: string) => boolean): string {
  const step = item.kind === 'deal_update' && /^[a-z_]+$/.test(item.payload.step ?? '') ? `deal_update.${item.payload.step}` : null;
  return step && has(step) ? step : item.kind;
}

/** The page an item's email links to, inside the site: the exact place its reader acts or reads. */
export function hrefOf({ kind, payload: p }: NotificationItem): string {
  switch (kind) {
    case 'new_application':
      return HREF.application(p.application_id ?? '');
    case 'new_message':
      // The bell's rule (the kernel's threadHref); a row whose application is gone reads as the worker's: the gig page.
      return threadHref({ applicationId: p.application_id ?? '', gigId: p.gig_id ?? '' }, p.reader === 'poster' ? 'poster' : 'worker');
    case 'payment_receipt':
      return HREF.receipt(String(p.transaction_id ?? ''));
    case 'review_posted':
      return HREF.profile(p.reviewee_id ?? '');
    case 'account_suspended':
    case 'member_warning':
      return HREF.home;
    case 'report_resolved':
      return p.gig_id ? HREF.gig(p.gig_id) : HREF.home;
    default:
      return HREF.gig(p.gig_id ?? '');
  }
}

/** A saved search's alert: its name, how many gigs matched, the newest ones each with its link. */
function savedSearchValues(p: NotificationPayload, siteUrl: string) {
  const count = Math.max(0, Math.trunc(Number(p.count ?? 0)));
  const gigs = (p.gigs ?? []).slice(0, 5).map((g) => ({ title: inertText(g.title, 100), link: pageLink(siteUrl, HREF.gig(g.id)) }));
  return {
    search_name: inertText(p.search_name || 'your search', 60),
    matches: count === 1 ? 'A new gig matches' : `${count} new gigs match`,
    gigs,
    more: count > gigs.length ? count - gigs.length : null,
  };
}

function receiptValues(p: NotificationPayload) {
  const parts = p.parts ?? {};
  return {
    to_worker: cents(parts.payable),
    fee: cents(parts.fee_revenue),
    refund_back: cents(parts.refund_due),
    held_in: parts.held && parts.held > 0 ? cents(parts.held) : '',
    held_out: parts.held && parts.held < 0 ? cents(parts.held) : '',
    date: day(p.at),
    paid_through: p.provider === 'stripe' ? 'Stripe' : 'PayPal (Need40 records it by hand)',
    method: text(p.method, 60),
    reference: text(p.reference, 100),
    receipt_no: String(p.transaction_id ?? ''),
    receipt_title: p.gig_title ? titleOf(p) : 'Need40',
    [`step_${/^[a-z_]+$/.test(p.step ?? '') ? p.step : 'other'}`]: true,
  };
}

/** Everything an item's template may print. */
export function viewOf(item: NotificationItem, siteUrl: string): View {
  const p = item.payload;
  const rating = Math.max(0, Math.min(5, Math.round(Number(p.rating ?? 0))));
  return {
    site: pageLink(siteUrl, HREF.home).replace(/#home$/, ''),
    link: pageLink(siteUrl, hrefOf(item)),
    title: titleOf(p),
    worker_name: nameOf(p.worker_name),
    sender_name: nameOf(p.sender_name),
    other_name: p.other_name ? nameOf(p.other_name) : 'The other party',
    reviewer_name: nameOf(p.reviewer_name),
    poster_name: nameOf(p.poster_name),
    rating,
    stars: '★'.repeat(rating) + '☆'.repeat(5 - rating),
    notice: text(p.notice) || (item.kind === 'gig_closed' ? DEFAULT_CLOSE : item.kind === 'application_declined' ? DEFAULT_DECLINE : ''),
    note: text(p.note),
    amount: formatCents(p.amount_cents),
    worker_amount: formatCents(p.worker_cents),
    release_date: day(p.release_due_at),
    outcome_split: p.outcome === 'split',
    outcome_refund: p.outcome === 'refund',
    outcome_release: p.outcome !== 'split' && p.outcome !== 'refund',
    ...(item.kind === 'payment_receipt' ? receiptValues(p) : {}),
    ...(item.kind === 'saved_search' ? savedSearchValues(p, siteUrl) : {}),
  };
}
