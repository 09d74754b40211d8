import { useId, type ReactNode } from 'react';
import { DONATION_DEFAULT, GIG_PRICE } from '@need40/shared';
import { formatMoney, ui } from '@need40/ui';
import { useCheckout, type CheckoutKind } from '../hooks/useCheckout';
import { CheckoutStatus } from './CheckoutStatus';
import styles from './PaymentActions.module.css';

/**
 * Pay $600 (the one primary action), Give40 Support and `share` (Share Movement, from
 * features/share, passed in by app/Campaign.tsx), each with a line saying what it does, and the
 * message area underneath. Open to visitors. Any click in the row first clears the previous
 * action's message, so Share never leaves "Finish your $600 payment…" standing.
 */
export function PaymentActions({ share }: { share?: (describedBy: string) => ReactNode }) {
  const id = useId();
  const { state, start, clear, pending } = useCheckout();
  const busy = state.status === 'busy';
  const onClick = (kind: CheckoutKind) => () => {
    if (!busy) void start(kind);
  };

  return (
    <div className={styles.actions} aria-busy={busy}>
      <div className={styles.row} onClickCapture={clear}>
        <div className={styles.action}>
          <button type="button" className={ui.primary} aria-disabled={busy} aria-describedby={`${id}-pay`} onClick={onClick('pay')}>
            Pay {formatMoney(GIG_PRICE)}
          </button>
          <p id={`${id}-pay`} className={styles.what}>
            Pays {formatMoney(GIG_PRICE)} on PayPal. This does not post a gig.
          </p>
        </div>
        <div className={styles.action}>
          <button type="button" className={ui.secondary} aria-disabled={busy} aria-describedby={`${id}-give`} onClick={onClick('give')}>
            Give40 Support
          </button>
          <p id={`${id}-give`} className={styles.what}>
            Gives {formatMoney(DONATION_DEFAULT)} to the campaign on PayPal.
          </p>
        </div>
        {share && (
          <div className={styles.action}>
            {share(`${id}-share`)}
            <p id={`${id}-share`} className={styles.what}>
              Opens a post about Need40 to share, in a new tab.
            </p>
          </div>
        )}
      </div>
      <p className={styles.hint}>PayPal opens in a new tab once your payment is recorded.</p>
      <CheckoutStatus state={state} pending={pending} />
    </div>
  );
}
