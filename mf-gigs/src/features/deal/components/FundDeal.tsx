import { useEffect, useState } from 'react';
import { formatCents, ui } from '@need40/ui';
import { fetchCredit, fundWithCredit } from '../api/steps';
import { useStep } from '../hooks/useStep';
import { openHold } from '../lib/whereMoney';
import type { Deal } from '../types';
import { Failure } from './Failure';
import { PayPalPay } from './PayPalPay';
import { StripePay } from './StripePay';
import styles from './Deal.module.css';

/**
 * The poster pays, the way the deal's provider takes money in: PayPal through Need40 (manual) or
 * Stripe Checkout (stripe). A confirmed Need40 credit pays at once instead, whatever the provider.
 */
export function FundDeal({ deal, onDone }: { deal: Deal; onDone: () => void }) {
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

  return (
    <div className={styles.step}>
      {deal.provider === 'stripe' ? <StripePay deal={deal} onDone={onDone} /> : <PayPalPay deal={deal} onDone={onDone} />}
      {!hold && credit >= amount && amount > 0 && (
        <button type="button" className={ui.secondary} aria-disabled={step.busy} onClick={() => void step.run(() => fundWithCredit(deal.id), 'Your credit could not be used. Try again.')}>
          Pay with your Need40 credit ({formatCents(credit)})
        </button>
      )}
      <Failure text={step.failure} />
    </div>
  );
}
