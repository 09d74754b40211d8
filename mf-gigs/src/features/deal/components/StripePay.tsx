import { formatCents, ui } from '@need40/ui';
import { stripeCheckoutUrl } from '../api/stripe';
import { useStep } from '../hooks/useStep';
import { checkoutReturn, leaveFor } from '../lib/redirect';
import { openHold } from '../lib/whereMoney';
import type { Deal } from '../types';
import { Failure } from './Failure';

/**
 * The Stripe provider's way to pay: the backend opens a Checkout Session for the deal (a hold Need40
 * books as funded when Stripe's webhook says the money arrived) and the page goes to Stripe's
 * payment page; Stripe sends the poster back to the gig's page. While the hold is open the same
 * session is offered again ("Continue paying"), except right after a completed payment: then the
 * page waits for Stripe's confirmation, and the panel turns to "held" by itself when it comes.
 */
export function StripePay({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const step = useStep(onDone);
  const amount = formatCents(deal.amountCents ?? 0);
  const hold = openHold(deal);
  const back = checkoutReturn(deal.id);
  const waiting = back === 'done' && hold !== undefined;
  const pay = () => void step.run(async () => leaveFor(await stripeCheckoutUrl(deal.id)), 'Stripe could not be opened. Check your connection and try again.');
  return (
    <>
      <div role="status">
        {waiting && <p className={ui.status}>You are back from Stripe: this page updates by itself once Stripe confirms your payment.</p>}
        {back === 'cancelled' && hold && <p className={ui.status}>You left Stripe before paying: nothing was charged.</p>}
      </div>
      {!waiting && (
        <button type="button" className={ui.primary} aria-disabled={step.busy} onClick={pay}>
          {step.busy ? 'Opening Stripe...' : hold ? `Continue paying ${amount} with Stripe` : `Pay ${amount} with Stripe`}
        </button>
      )}
      <Failure text={step.failure} />
    </>
  );
}
