import { useEffect, useId, useRef } from 'react';
import { GIG_PRICE, PLATFORM_FEE, WORKER_EARNINGS } from '@need40/shared';
import { formatMoney, ui } from '@need40/ui';
import styles from './PaidGigForm.module.css';

interface Props {
  title: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The question before "Pay $600 and post gig" records anything: the amount, that the payment is
 * recorded as completed, and that the gig goes live. Focus moves to it so keyboard and screen-reader
 * users hear the question; Escape or Cancel returns without recording.
 */
export function ConfirmPayment({ title, onConfirm, onCancel }: Props) {
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  const price = formatMoney(GIG_PRICE);

  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-q`}
      aria-describedby={`${id}-what`}
      className={styles.confirm}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <p id={`${id}-q`} className={styles.confirmQuestion}>
        Record a {price} payment and post this gig?
      </p>
      <p id={`${id}-what`} className={styles.message}>
        A completed payment of {price} is recorded in your name now, and &ldquo;{title.trim()}&rdquo; goes live at once:{' '}
        {formatMoney(WORKER_EARNINGS)} to the worker, {formatMoney(PLATFORM_FEE)} to the platform.
      </p>
      <div className={styles.confirmButtons}>
        <button ref={confirmRef} type="button" className={ui.primary} onClick={onConfirm}>
          Yes, record {price} and post
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
