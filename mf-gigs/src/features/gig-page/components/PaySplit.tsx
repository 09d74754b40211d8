import { PLATFORM_FEE_PERCENT, WORKER_SHARE_PERCENT } from '@need40/shared';
import { formatCents, formatMoney } from '@need40/ui';
import type { GigDetail } from '../types';
import styles from './GigPage.module.css';

/**
 * The rate and the Need40 split for this gig: what the worker keeps and the platform fee, as the
 * database computes them (the figures acceptance freezes); the page computes no fee of its own.
 */
export function PaySplit({ gig }: { gig: GigDetail }) {
  const hourly = gig.paymentType === 'hourly';
  const unit = hourly ? '/hr' : '';
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
      {gig.workerCents !== null && gig.feeCents !== null && (
        <dl className={styles.split}>
          <div>
            <dt>The worker keeps ({WORKER_SHARE_PERCENT}%)</dt>
            <dd>
              {formatCents(gig.workerCents)}
              {unit}
            </dd>
          </div>
          <div>
            <dt>Need40 fee ({PLATFORM_FEE_PERCENT}%)</dt>
            <dd>
              {formatCents(gig.feeCents)}
              {unit}
            </dd>
          </div>
        </dl>
      )}
      {total !== null && gig.estimateWorkerCents !== null && (
        <p className={styles.muted}>
          About {formatMoney(total)} for {gig.hours} hours, of which the worker keeps {formatCents(gig.estimateWorkerCents)}.
        </p>
      )}
    </section>
  );
}
