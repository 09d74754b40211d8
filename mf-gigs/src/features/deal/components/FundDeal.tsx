import { useEffect, useState } from 'react';
import { formatCents, openPendingTab, ui } from '@need40/ui';
import { fetchCredit, fundWithCredit, startFunding, type Funding } from '../api/steps';
import { useStep } from '../hooks/useStep';
import { openHold } from '../lib/whereMoney';
import { paypalLink } from '../lib/paypal';
import type { Deal } from '../types';
import { Failure } from './Failure';
import styles from './Deal.module.css';

/**
 * The poster pays: "Pay $600 with PayPal" records the payment Need40 waits for (a hold) and opens
 * the PayPal.me link for the amount in a new tab, with the reference to quote; Need40 confirms the
 * arrival (never the worker). A confirmed Need40 credit pays at once instead.
 */
export function FundDeal({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const [opened, setOpened] = useState<(Funding & { url: string; tabOpened: boolean }) | null>(null);
  const [credit, setCredit] = useState(0);
  const step = useStep(onDone);
  const amount = deal.amountCents ?? 0;
  const hold = openHold(deal);

  useEffect(() => {
    let current = true;
    fetchCredit().then((c) => current && setCredit(c), () => undefined);
    return () => {
      current = false;
    };
  }, []);

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
    <div className={styles.step}>
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
      {!hold && credit >= amount && amount > 0 && (
        <button type="button" className={ui.secondary} aria-disabled={step.busy} onClick={() => void step.run(() => fundWithCredit(deal.id), 'Your credit could not be used. Try again.')}>
          Pay with your Need40 credit ({formatCents(credit)})
        </button>
      )}
      <Failure text={step.failure} pending={step.pending} />
    </div>
  );
}
