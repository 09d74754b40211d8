/**
 * A notification in words: what happened, by whom, about which gig. `kind` is the application's
 * transition (the database's names), `message` or `review`; an unknown kind still reads sensibly.
 */
import { HREF, threadHref } from '@need40/shared';

export interface NotificationRow {
  id: number;
  kind: string;
  gig_title: string;
  actor_name: string;
  count: number;
  created_at: string;
  read_at: string | null;
  application_id: string | null;
  gig_id: string | null;
  /** The application's worker (embedded), to tell which side of it the recipient is. */
  application?: { worker_id: string } | null;
}

type Words = (who: string, gig: string, count: number) => string;

const TEXT: Record<string, Words> = {
  apply: (who, gig) => `${who} applied to ${gig}`,
  reapply: (who, gig) => `${who} applied again to ${gig}`,
  withdraw: (who, gig) => `${who} withdrew their application to ${gig}`,
  withdraw_suspended: (_, gig) => `An application to ${gig} was withdrawn`,
  accept: (who, gig) => `${who} accepted your application to ${gig}`,
  decline: (who, gig) => `${who} declined your application to ${gig}`,
  decline_others: (_, gig) => `${gig} went to another applicant`,
  close: (_, gig) => `${gig} was closed`,
  message: (who, gig, n) => (n > 1 ? `${n} new messages from ${who} about ${gig}` : `New message from ${who} about ${gig}`),
  review: (who, gig) => `${who} reviewed you for ${gig}`,
  start_funding: (who, gig) => `${who} started paying for ${gig}`,
  record_payment: (who, gig) => `${who} started paying for ${gig}`,
  report_payment_missing: (who, gig) => `${who} reported the payment for ${gig} missing`,
  fund: (_, gig) => `Need40 holds the money for ${gig}`,
  fund_from_credit: (who, gig) => `${who} paid for ${gig}: Need40 holds the money`,
  deliver: (who, gig) => `${who} delivered the work for ${gig}`,
  request_changes: (who, gig) => `${who} asked for changes to ${gig}`,
  approve: (who, gig) => `${who} approved the work: the money for ${gig} is released`,
  auto_release: (_, gig) => `The money for ${gig} was released`,
  pay_out: (_, gig) => `Need40 paid out the money for ${gig}`,
  confirm_payout: (who, gig) => `${who} confirmed receiving the money for ${gig}`,
  confirm_payment: (who, gig) => `${who} confirmed receiving the money for ${gig}`,
  cancel: (who, gig) => `${who} cancelled the deal for ${gig}`,
  dispute: (who, gig) => `${who} opened a dispute about ${gig}`,
  freeze: (_, gig) => `The money for ${gig} is frozen: Need40 reviews the deal`,
  propose_change: (who, gig) => `${who} proposed a change to the deal for ${gig}`,
  accept_change: (who, gig) => `${who} accepted the change to the deal for ${gig}`,
  decline_change: (who, gig) => `${who} declined the change to the deal for ${gig}`,
  set_agreed_hours: (who, gig) => `${who} set the hours for ${gig}`,
  resolve_release: (_, gig) => `A Need40 operator settled the dispute about ${gig}`,
  resolve_split: (_, gig) => `A Need40 operator settled the dispute about ${gig}`,
  invite: (who, gig) => `${who} invited you to apply to ${gig}`,
  // actor_name is the saved search's name; the gig is the newest of the new matches.
  saved_search: (search, gig, n) => (n > 1 ? `${n} new gigs match your saved search "${search}", the newest ${gig}` : `A new gig matches your saved search "${search}": ${gig}`),
};
const REFUNDED: Words = (_, gig) => `The money for ${gig} was refunded`;
for (const kind of ['operator_refund', 'resolve_refund', 'refund_undelivered', 'chargeback']) TEXT[kind] = REFUNDED;

export function notificationText(n: Pick<NotificationRow, 'kind' | 'gig_title' | 'actor_name' | 'count'>): string {
  const gig = n.gig_title ? `"${n.gig_title}"` : 'a gig';
  const words = TEXT[n.kind] ?? ((_: string, g: string) => `Update on ${g}`);
  return words(n.actor_name || 'A Need40 member', gig, n.count);
}

/** Kinds the poster of the gig receives about one applicant: they lead to that applicant, Accept and Decline at hand. */
const ABOUT_AN_APPLICANT = new Set(['apply', 'reapply', 'withdraw', 'withdraw_suspended']);

/**
 * Where a notification leads: the exact place its reader acts or reads, by the kernel's address
 * contract (HREF). An applicant's event → that applicant on the poster's dashboard; a message →
 * its thread, open (the kernel's threadHref, the rule the "New message" email follows too); a
 * review → the member's own public profile, where reviews show; every other event (accepted,
 * declined, closed, each payment step) → the gig page, where the worker's application and both
 * sides' deal panel are. A gig removed since → the dashboard.
 */
export function notificationHref(n: Pick<NotificationRow, 'kind' | 'application_id' | 'gig_id' | 'application'>, userId: string): string {
  if (n.kind === 'review') return HREF.profile(userId);
  if (n.kind === 'message' && n.application_id && n.gig_id) {
    return threadHref({ applicationId: n.application_id, gigId: n.gig_id }, n.application != null && n.application.worker_id !== userId ? 'poster' : 'worker');
  }
  if (ABOUT_AN_APPLICANT.has(n.kind) && n.application_id) return HREF.application(n.application_id);
  return n.gig_id ? HREF.gig(n.gig_id) : HREF.dashboard;
}

/** The tab's title with the unread count in front, as mail and chat apps show it. */
export const titleWithCount = (base: string, unread: number): string => (unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base);
