import type { ReactNode } from 'react';
import { DONATION_DEFAULT, GIG_PRICE } from '@need40/shared';
import { ui } from '@need40/ui';
import { formatMoney } from '../../../lib/format';
import { useCheckout, type CheckoutKind } from '../hooks/useCheckout';
import { CheckoutStatus } from './CheckoutStatus';
import styles from './PaymentActions.module.css';

/**
 * Give40 Support, Pay $600 and `share` (Share Movement, from features/share, passed in by
 * app/Campaign.tsx), with their message area underneath. Open to visitors.
 */
export function PaymentActions({ share }: { share?: ReactNode }) {
  const { state, start } = useCheckout();
  const busy = state.status === 'busy';
  const onClick = (kind: CheckoutKind) => () => {
    if (!busy) void start(kind);
  };

  return (
    <div className={styles.actions} aria-busy={busy}>
      <div className={styles.row}>
        <button type="button" className={ui.primary} aria-disabled={busy} onClick={onClick('give')}>
          Give40 Support
        </button>
        <button type="button" className={ui.primary} aria-disabled={busy} onClick={onClick('pay')}>
          Pay {formatMoney(GIG_PRICE)}
        </button>
        {share}
      </div>
      <p className={styles.hint}>
        Give40 gives {formatMoney(DONATION_DEFAULT)} to the campaign. PayPal opens in a new tab once your payment is recorded.
      </p>
      <CheckoutStatus state={state} />
    </div>
  );
}
