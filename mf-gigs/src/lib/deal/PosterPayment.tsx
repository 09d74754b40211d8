import { useState } from 'react';
import { openPendingTab, ui } from '@need40/ui';
import { formatMoney } from '../money';
import { recordPayment } from './api';
import { Failure } from './Failure';
import { MissingNote } from './MissingNote';
import { paypalLink } from './paypal';
import type { Deal } from './types';
import { useStep } from './useStep';
import styles from './Deal.module.css';

interface Opened {
  amount: number;
  url: string;
  tabOpened: boolean;
}

/**
 * The poster's side of paying: Pay with PayPal records a pending payment and opens the PayPal.me
 * link for its amount in a new tab; then it waits for the worker. After a "missing" report the
 * worker's note is shown and the poster can pay again. Confirming is never offered here.
 */
export function PosterPayment({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const step = useStep(onDone);
  const { payment } = deal;

  const pay = () => {
    if (step.busy) return;
    // Opened during the click, before the round trip, or the browser may block it.
    const tab = openPendingTab();
    void step.run(async () => {
      try {
        const amount = await recordPayment(deal.id);
        const url = paypalLink(amount);
        setOpened({ amount, url, tabOpened: tab.go(url) });
      } catch (error) {
        tab.cancel();
        throw error;
      }
    }, 'The payment could not be recorded. Check your connection and try again.');
  };

  if (payment?.status === 'pending') {
    const what = `your ${formatMoney(payment.amount)} payment`;
    return (
      <div className={styles.step}>
        <div role="status">
          {opened && <p className={ui.status}>{opened.tabOpened ? `Finish ${what} on PayPal in the new tab.` : 'Your browser blocked the new tab.'}</p>}
        </div>
        <p className={styles.waiting}>
          Waiting for {deal.workerName} to confirm the payment of {formatMoney(payment.amount)}.
        </p>
        <a className={ui.link} href={paypalLink(payment.amount)} target="_blank" rel="noopener noreferrer">
          Open PayPal to finish {what}
        </a>
      </div>
    );
  }
  return (
    <div className={styles.step}>
      {payment?.status === 'missing' && <MissingNote deal={deal} side="poster" />}
      {deal.agreedAmount === null && <p className={styles.muted}>The deal needs hours before paying.</p>}
      <button type="button" className={ui.primary} aria-disabled={step.busy || deal.agreedAmount === null} onClick={deal.agreedAmount === null ? undefined : pay}>
        {step.busy ? 'Recording your payment...' : payment?.status === 'missing' ? 'Pay again with PayPal' : 'Pay with PayPal'}
      </button>
      <p className={styles.muted}>PayPal opens in a new tab once your payment is recorded.</p>
      <Failure text={step.failure} />
    </div>
  );
}
