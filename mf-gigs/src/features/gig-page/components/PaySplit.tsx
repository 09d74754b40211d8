import { PLATFORM_FEE_PERCENT, WORKER_SHARE_PERCENT } from '@need40/shared';
import { formatMoney } from '@need40/ui';
import { splitOf } from '../../../lib/money';
import type { GigDetail } from '../types';
import styles from './GigPage.module.css';

/** The rate and the Need40 split for this gig: what the worker keeps and the platform fee. */
export function PaySplit({ gig }: { gig: GigDetail }) {
  const hourly = gig.paymentType === 'hourly';
  const unit = hourly ? '/hr' : '';
  const split = splitOf(gig.rate);
  const total = hourly && gig.hours !== null ? gig.rate * gig.hours : null;
  return (
    <section className={styles.pay} aria-labelledby="gig-pay-title">
      <h3 id="gig-pay-title" className={styles.subheading}>
        Pay
      </h3>
      <p className={styles.rate}>
        {formatMoney(gig.rate)}
        {unit}
        <span className={styles.muted}>{hourly ? ' hourly' : ' fixed price'}</span>
      </p>
      <dl className={styles.split}>
        <div>
          <dt>The worker keeps ({WORKER_SHARE_PERCENT}%)</dt>
          <dd>
            {formatMoney(split.worker)}
            {unit}
          </dd>
        </div>
        <div>
          <dt>Need40 fee ({PLATFORM_FEE_PERCENT}%)</dt>
          <dd>
            {formatMoney(split.fee)}
            {unit}
          </dd>
        </div>
      </dl>
      {total !== null && (
        <p className={styles.muted}>
          About {formatMoney(total)} for {gig.hours} hours, of which the worker keeps {formatMoney(splitOf(total).worker)}.
        </p>
      )}
    </section>
  );
}
