/**
 * Where the money of a deal is, in one sentence for each side, true at the moment it is shown and
 * naming who holds the money: it is read from the deal's status and its ledger steps, never from
 * what a party said it did.
 */
import { formatCents } from '@need40/ui';
import { formatDay } from '../../../lib/dates';
import type { Deal, MoneyStep, Side } from '../types';

const stepOf = (deal: Deal, ...kinds: string[]): MoneyStep | undefined => deal.steps.find((s) => kinds.includes(s.kind));
const partOf = (step: MoneyStep | undefined, kind: string) => Math.abs(step?.parts[kind] ?? 0);

/** The funding hold waiting for Need40 to confirm it, if any. */
export const openHold = (deal: Deal): MoneyStep | undefined => deal.steps.find((s) => s.kind === 'funding' && s.pending);

function accepted(deal: Deal, side: Side, amount: string, worker: string, fee: string): string {
  const other = side === 'poster' ? deal.workerName : deal.posterName;
  if (deal.amountCents === null) return `No amount yet: agree on the hours with ${other} first.`;
  if (deal.prepaid) {
    return side === 'poster'
      ? `You paid ${amount} when you posted this gig: Need40 is confirming that it arrived, then holds it for ${other}.`
      : `${other} paid ${amount} when posting this gig: Need40 is confirming that it arrived. Wait before you start the work.`;
  }
  const hold = openHold(deal);
  if (hold?.provider === 'stripe') {
    return side === 'poster'
      ? `Waiting for the payment to be confirmed: Stripe tells Need40 when your ${amount} has arrived, then Need40 holds it until you approve the work. Until then, nothing is held.`
      : `${other} has started paying ${amount} through Stripe; it is not confirmed yet. Wait before you start the work.`;
  }
  if (hold) {
    return side === 'poster'
      ? `Waiting for Need40 to confirm your payment of ${amount}${hold.reference ? ` (reference ${hold.reference})` : ''}. Until it arrives, nothing is held.`
      : `${other} has started paying ${amount}; Need40 has not received it yet. Wait before you start the work.`;
  }
  return side === 'poster'
    ? `Pay ${amount} to Need40: it holds the money until you approve the work, then ${other} receives ${worker} and Need40 keeps ${fee}.`
    : `${other} has not paid yet: the money is still with them. Wait before you start the work.`;
}

export function whereMoney(deal: Deal, side: Side): string {
  const amount = formatCents(deal.amountCents ?? 0);
  const worker = formatCents(deal.workerCents ?? 0);
  const fee = formatCents(deal.feeCents ?? 0);
  const other = side === 'poster' ? deal.workerName : deal.posterName;
  const due = formatDay(deal.releaseDueAt ?? '') || 'soon';
  switch (deal.status) {
    case 'accepted':
      return accepted(deal, side, amount, worker, fee);
    case 'funded':
      if (deal.deliveredAt) {
        return side === 'poster'
          ? `You asked for changes: ${amount} stays held by Need40 until you approve the next delivery.`
          : `${other} asked for changes: ${amount} stays held by Need40 until they approve your next delivery.`;
      }
      return side === 'poster'
        ? `${amount} is held by Need40 until you approve ${other}'s work.`
        : `${amount} is held by Need40 for this gig: you receive ${worker} when ${other} approves your work.`;
    case 'delivered':
      return side === 'poster'
        ? `${other} delivered the work. ${amount} is held by Need40: approve to release ${worker} to ${other}, or request changes. Without an answer it is released to them on ${due}.`
        : `You delivered the work. ${amount} is held by Need40 until ${other} approves; without an answer it is released to you on ${due}.`;
    case 'disputed':
      return `${amount} is frozen by Need40: an operator reviews the dispute and decides where the money goes.`;
    case 'released': {
      const release = stepOf(deal, 'release', 'split');
      const paid = formatCents(partOf(release, 'payable'));
      if (release?.kind === 'split') {
        const back = formatCents(partOf(release, 'refund_due'));
        return side === 'poster'
          ? `A Need40 operator split the money: ${other} receives ${paid}, Need40 keeps ${formatCents(partOf(release, 'fee_revenue'))} and ${back} is due back to you.`
          : `A Need40 operator split the money: ${paid} is on its way to you (Need40 owes it to you and pays it out); ${back} goes back to ${other}.`;
      }
      return side === 'poster'
        ? `Released: ${other} receives ${paid} and Need40 keeps ${fee}; Need40 pays ${other} out.`
        : `${paid} is on its way to you: Need40 owes it to you and pays it to your ${deal.provider === 'stripe' ? 'Stripe account' : 'PayPal'}.`;
    }
    case 'paid_out': {
      const payout = stepOf(deal, 'payout');
      const paid = formatCents(payout?.amountCents ?? deal.workerCents ?? 0);
      const day = formatDay(payout?.createdAt ?? '');
      const how = [payout?.method, payout?.reference && `reference ${payout.reference}`].filter(Boolean).join(', ');
      return side === 'poster'
        ? `Paid out: Need40 paid ${other} ${paid} on ${day}.`
        : `${paid} was paid to you on ${day}${how ? ` (${how})` : ''}. Did it arrive?`;
    }
    case 'paid': {
      const paid = formatCents(stepOf(deal, 'payout')?.amountCents ?? deal.workerCents ?? 0);
      return side === 'poster' ? `Paid: ${other} confirmed receiving ${paid}.` : `You confirmed receiving ${paid}.`;
    }
    case 'refunded': {
      const back = deal.steps.reduce((sum, s) => sum + (['refund', 'refund_after_release', 'split'].includes(s.kind) ? partOf(s, 'refund_due') : 0), 0);
      const sent = stepOf(deal, 'refund_sent');
      if (side === 'worker') return `The money went back to ${other}: the deal was refunded.`;
      return sent
        ? `Refunded: Need40 sent ${formatCents(back)} back to you on ${formatDay(sent.createdAt)}.`
        : `Refunded: Need40 owes you ${formatCents(back)} and is sending it back to you.`;
    }
    case 'cancelled':
      return 'Cancelled: no money was held for this deal.';
    default:
      return '';
  }
}
