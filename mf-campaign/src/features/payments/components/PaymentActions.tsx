import { DONATION_DEFAULT, GIG_PRICE } from '@need40/shared';
import { formatMoney } from '../../../lib/format';
import { ui } from '@need40/ui';
import { ShareButton } from '../../share/components/ShareButton';
import { useCheckout, type CheckoutKind } from '../hooks/useCheckout';
import { CheckoutStatus } from './CheckoutStatus';
import styles from './PaymentActions.module.css';

/** Give40 Support, Pay $600 and Share Movement, with their message area underneath. Open to visitors. */
export function PaymentActions() {
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
        <ShareButton className={ui.secondary} />
      </div>
      <p className={styles.hint}>
        Give40 gives {formatMoney(DONATION_DEFAULT)} to the campaign. PayPal opens in a new tab once your payment is recorded.
      </p>
      <CheckoutStatus state={state} />
    </div>
  );
}
