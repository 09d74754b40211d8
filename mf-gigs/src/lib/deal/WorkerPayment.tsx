import { useState } from 'react';
import { ui } from '@need40/ui';
import { formatMoney } from '../money';
import { confirmPayment } from './api';
import { Failure } from './Failure';
import { MissingNote } from './MissingNote';
import { MissingReport } from './MissingReport';
import type { Deal } from './types';
import { useStep } from './useStep';
import styles from './Deal.module.css';

/**
 * The worker's side: once the poster has paid, "I received $X" (the application becomes paid) or
 * "Report missing" with a short note. A payment reported missing can still be confirmed later.
 */
export function WorkerPayment({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const [reporting, setReporting] = useState(false);
  const step = useStep(onDone);
  const { payment } = deal;
  if (!payment) return <p className={styles.waiting}>{deal.posterName} has not paid yet. Confirm here once the money arrives.</p>;

  const received = formatMoney(payment.workerAmount);
  const confirm = () => void step.run(() => confirmPayment(deal.id), 'Your confirmation did not go through. Check your connection and try again.');
  return (
    <div className={styles.step}>
      {payment.status === 'missing' ? (
        <MissingNote deal={deal} side="worker" />
      ) : (
        <p className={styles.waiting}>
          {deal.posterName} paid {formatMoney(payment.amount)} through PayPal; you keep {received}. Did it arrive?
        </p>
      )}
      {!reporting && (
        <div className={styles.actions}>
          <button type="button" className={ui.primary} aria-disabled={step.busy} onClick={confirm}>
            {step.busy ? 'Confirming...' : `I received ${received}`}
          </button>
          {payment.status === 'pending' && (
            <button type="button" className={ui.secondary} onClick={() => setReporting(true)}>
              Report missing
            </button>
          )}
        </div>
      )}
      {reporting && (
        <MissingReport
          deal={deal}
          onCancel={() => setReporting(false)}
          onDone={() => {
            setReporting(false);
            onDone();
          }}
        />
      )}
      <Failure text={step.failure} />
    </div>
  );
}
