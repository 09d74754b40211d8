/**
 * The words of the money emails: `deal_update` (a step of a deal, to the party who must know) and
 * `payment_receipt` (a receipt for every money step: amounts, split, date, reference — linking to
 * the receipt page). The database writes the figures into the payload (cents, by kind of ledger
 * account: `parts`); nothing a member typed (notes, reasons) is put in an email.
 */
import type { MailLines, NotificationPayload } from './types';

/** "$570" for whole dollars, "$427.50" otherwise. */
export function dollars(cents: number | null | undefined): string {
  const c = Math.round(Number(cents ?? 0));
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}${abs % 100 ? `.${String(abs % 100).padStart(2, '0')}` : ''}`;
}

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : 'soon');

export function dealUpdateLines(p: NotificationPayload): MailLines {
  const title = p.gig_title ?? 'your gig';
  const other = p.other_name ?? 'The other party';
  const amount = dollars(p.amount_cents);
  const worker = dollars(p.worker_cents);
  const open = { action: 'Open the gig' };
  switch (p.step) {
    case 'funded':
      return { subject: `The money for "${title}" is held`, intro: [`${other} paid ${amount} for "${title}". Need40 holds it until the work is approved; you will receive ${worker}.`, 'You can start the work:'], ...open };
    case 'delivered':
      return {
        subject: `${other} delivered "${title}"`,
        intro: [`Approve the work to release ${worker} to ${other} (Need40 keeps its 5% fee), or request changes.`, `Without an answer the money is released automatically on ${day(p.release_due_at)}.`],
        action: 'Review the delivery',
      };
    case 'changes_requested':
      return { subject: `Changes requested on "${title}"`, intro: [`${other} asked for changes. The money stays held for you.`, 'Open the gig to read their note:'], ...open };
    case 'disputed':
      return { subject: `A dispute was opened on "${title}"`, intro: [`${other} opened a dispute. The ${amount} held is frozen until a Need40 operator decides.`, 'Open the gig to add what the operator should know:'], ...open };
    case 'frozen':
      return { subject: `The money for "${title}" is frozen`, intro: [`The payment provider reports a dispute of the payment. The ${amount} held is frozen until a Need40 operator decides.`], ...open };
    case 'resolved':
      return { subject: `The dispute on "${title}" was resolved`, intro: [`A Need40 operator decided: ${p.outcome === 'split' ? 'the money is split' : p.outcome === 'refund' ? 'the money goes back to the poster' : 'the money is released to the worker'}.`, 'Open the gig to see the figures:'], ...open };
    case 'cancelled':
      return { subject: `The deal for "${title}" was cancelled`, intro: [`${other} cancelled the deal before it was paid for. No money moved.`], ...open };
    case 'refunded':
      return { subject: `The deal for "${title}" was refunded`, intro: [`The money held for "${title}" is going back to the poster.`], ...open };
    case 'funding_failed':
      return { subject: `Your payment for "${title}" did not arrive`, intro: [`Need40 has not received your payment of ${amount}. Open the gig to pay again.`], ...open };
    case 'charged_back':
      return { subject: `The payment for "${title}" was reversed`, intro: ['The card network returned the money to the poster. A Need40 operator can tell you more.'], ...open };
    default:
      return { subject: `An update on "${title}"`, intro: [`There is news about the deal for "${title}".`], ...open };
  }
}

const RECEIPT_TITLES: Record<string, (amount: string, title: string) => string> = {
  funded: (a, t) => `${a} held for "${t}"`,
  released: (a, t) => `${a} released for "${t}"`,
  auto_released: (a, t) => `${a} released for "${t}"`,
  split: (a, t) => `${a} split for "${t}"`,
  paid_out: (a, t) => `${a} paid out for "${t}"`,
  refund_due: (a, t) => `${a} due back to you for "${t}"`,
  refunded: (a) => `${a} refunded to you`,
  credit: (a) => `${a} received: Need40 credit`,
  donation: (a) => `${a} received: thank you for Give40`,
  gig_prepaid: (a, t) => `${a} received for "${t}"`,
};

export function receiptLines(p: NotificationPayload): MailLines {
  const parts = p.parts ?? {};
  const title = p.gig_title ?? 'Need40';
  const amount = dollars(p.amount_cents);
  const lines = [
    `Amount: ${amount}`,
    parts.payable ? `To the worker: ${dollars(Math.abs(parts.payable))}` : null,
    parts.fee_revenue ? `Need40 fee (5%): ${dollars(Math.abs(parts.fee_revenue))}` : null,
    parts.refund_due ? `Back to the payer: ${dollars(Math.abs(parts.refund_due))}` : null,
    parts.held ? `${parts.held > 0 ? 'Now held by Need40' : 'Taken from what Need40 held'}: ${dollars(Math.abs(parts.held))}` : null,
    `Date: ${day(p.at)}`,
    `Paid through: ${p.provider === 'stripe' ? 'Stripe' : 'PayPal (Need40 records it by hand)'}${p.method ? `, ${p.method}` : ''}`,
    p.reference ? `Reference: ${p.reference}` : null,
    `Receipt no. ${p.transaction_id}`,
  ].filter((l): l is string => l !== null);
  return {
    subject: `Receipt: ${(RECEIPT_TITLES[p.step ?? ''] ?? ((a: string, t: string) => `${a} for "${t}"`))(amount, title)}`,
    intro: lines,
    action: 'See the receipt',
    path: `#receipt/${encodeURIComponent(String(p.transaction_id ?? ''))}`,
  };
}
