import { useState } from 'react';
import { formatCents, openPendingTab, ui } from '@need40/ui';
import { startFunding, type Funding } from '../api/steps';
import { useStep } from '../hooks/useStep';
import { openHold } from '../lib/whereMoney';
import { paypalLink } from '../lib/paypal';
import type { Deal } from '../types';
import { Failure } from './Failure';

/**
 * The manual provider's way to pay: "Pay $600 with PayPal" records the payment Need40 waits for (a
 * hold) and opens the PayPal.me link for the amount in a new tab, with the reference to quote;
 * Need40 confirms the arrival (never the worker).
 */
export function PayPalPay({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const [opened, setOpened] = useState<(Funding & { url: string; tabOpened: boolean }) | null>(null);
  const step = useStep(onDone);
  const amount = deal.amountCents ?? 0;
  const hold = openHold(deal);

  const pay = () => {
    if (step.busy) return;
    const tab = openPendingTab(); // during the click, or the browser may block it
    void step.run(async () => {
      try {
        const funding = await startFunding(deal.id);
        const url = paypalLink(funding.amountCents / 100);
        setOpened({ ...funding, url, tabOpened: tab.go(url) });
      } catch (error) {
        tab.cancel();
        throw error;
      }
    }, 'Your payment could not be recorded. Check your connection and try again.');
  };
  const reference = opened?.reference ?? hold?.reference ?? null;
  return (
    <>
      <div role="status">
        {opened && (
          <p className={ui.status}>
            {opened.tabOpened ? `Finish your ${formatCents(opened.amountCents)} payment on PayPal in the new tab.` : 'Your browser blocked the new tab.'}
            {` Quote the reference ${opened.reference} so Need40 can match it.`}
          </p>
        )}
      </div>
      {hold || opened ? (
        <a className={ui.link} href={paypalLink(amount / 100)} target="_blank" rel="noopener noreferrer">
          Open PayPal to pay {formatCents(amount)}
          {reference ? ` (reference ${reference})` : ''}
        </a>
      ) : (
        <button type="button" className={ui.primary} aria-disabled={step.busy} onClick={pay}>
          {step.busy ? 'Recording your payment...' : `Pay ${formatCents(amount)} with PayPal`}
        </button>
      )}
      <Failure text={step.failure} />
    </>
  );
}
