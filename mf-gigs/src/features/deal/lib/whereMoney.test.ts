import { describe, expect, it } from 'vitest';
import { makeDeal, makeStep } from '../../../test/deals';
import { whereMoney } from './whereMoney';

const release = makeStep({ id: 3, kind: 'release', pending: false, parts: { held: -60000, payable: 57000, fee_revenue: 3000 } });

describe('where the money is, for each side', () => {
  it.each([
    ['accepted, nothing paid', makeDeal(), 'Pay $600 to Need40: it holds the money until you approve the work, then Walter Worker receives $570 and Need40 keeps $30.', 'Paula Poster has not paid yet: the money is still with them. Wait before you start the work.'],
    ['a payment announced', makeDeal({ steps: [makeStep()] }), 'Waiting for Need40 to confirm your payment of $600 (reference N40-ABCD1234). Until it arrives, nothing is held.', 'Paula Poster has started paying $600; Need40 has not received it yet. Wait before you start the work.'],
    ['paid with the gig', makeDeal({ prepaid: true }), 'You paid $600 when you posted this gig: Need40 is confirming that it arrived, then holds it for Walter Worker.', 'Paula Poster paid $600 when posting this gig: Need40 is confirming that it arrived. Wait before you start the work.'],
    ['held', makeDeal({ status: 'funded' }), "$600 is held by Need40 until you approve Walter Worker's work.", '$600 is held by Need40 for this gig: you receive $570 when Paula Poster approves your work.'],
    ['changes requested', makeDeal({ status: 'funded', deliveredAt: '2024-04-11T12:00:00Z' }), 'You asked for changes: $600 stays held by Need40 until you approve the next delivery.', 'Paula Poster asked for changes: $600 stays held by Need40 until they approve your next delivery.'],
    ['disputed', makeDeal({ status: 'disputed' }), '$600 is frozen by Need40: an operator reviews the dispute and decides where the money goes.', '$600 is frozen by Need40: an operator reviews the dispute and decides where the money goes.'],
    ['released', makeDeal({ status: 'released', steps: [release] }), 'Released: Walter Worker receives $570 and Need40 keeps $30; Need40 pays Walter Worker out.', '$570 is on its way to you: Need40 owes it to you and pays it to your PayPal.'],
    ['split 300/300', makeDeal({ status: 'released', steps: [makeStep({ kind: 'split', pending: false, parts: { held: -60000, payable: 28500, fee_revenue: 1500, refund_due: 30000 } })] }),
      'A Need40 operator split the money: Walter Worker receives $285, Need40 keeps $15 and $300 is due back to you.',
      'A Need40 operator split the money: $285 is on its way to you (Need40 owes it to you and pays it out); $300 goes back to Paula Poster.'],
    ['refunded, not yet sent', makeDeal({ status: 'refunded', steps: [makeStep({ kind: 'refund', pending: false, parts: { held: -60000, refund_due: 60000 } })] }), 'Refunded: Need40 owes you $600 and is sending it back to you.', 'The money went back to Paula Poster: the deal was refunded.'],
    ['cancelled', makeDeal({ status: 'cancelled' }), 'Cancelled: no money was held for this deal.', 'Cancelled: no money was held for this deal.'],
    ['a Stripe payment not yet confirmed', makeDeal({ provider: 'stripe', steps: [makeStep({ provider: 'stripe' })] }),
      'Waiting for the payment to be confirmed: Stripe tells Need40 when your $600 has arrived, then Need40 holds it until you approve the work. Until then, nothing is held.',
      'Paula Poster has started paying $600 through Stripe; it is not confirmed yet. Wait before you start the work.'],
    ['released, with Stripe', makeDeal({ provider: 'stripe', status: 'released', steps: [release] }), 'Released: Walter Worker receives $570 and Need40 keeps $30; Need40 pays Walter Worker out.', '$570 is on its way to you: Need40 owes it to you and pays it to your Stripe account.'],
  ])('%s', (_what, deal, poster, worker) => {
    expect(whereMoney(deal, 'poster')).toBe(poster);
    expect(whereMoney(deal, 'worker')).toBe(worker);
  });

  it('delivered and paid out name the dates, the method and the reference', () => {
    const delivered = makeDeal({ status: 'delivered', releaseDueAt: '2024-04-25T12:00:00Z' });
    expect(whereMoney(delivered, 'worker')).toMatch(/^You delivered the work\. \$600 is held by Need40 until Paula Poster approves; without an answer it is released to you on Apr 25, 2024\.$/);
    const paidOut = makeDeal({ status: 'paid_out', steps: [release, makeStep({ id: 4, kind: 'payout', pending: false, amountCents: 57000, reference: 'PAYOUT-1', method: 'paypal', createdAt: '2024-04-26T12:00:00Z' })] });
    expect(whereMoney(paidOut, 'worker')).toBe('$570 was paid to you on Apr 26, 2024 (paypal, reference PAYOUT-1). Did it arrive?');
    expect(whereMoney({ ...paidOut, status: 'paid' }, 'poster')).toBe('Paid: Walter Worker confirmed receiving $570.');
  });
});
