import { GIG_PRICE, PLATFORM_FEE, PLATFORM_FEE_PERCENT, WORKER_EARNINGS, WORKER_SHARE_PERCENT } from '@need40/shared';
import { formatMoney } from '@need40/ui';
import styles from './FeeSplit.module.css';

/** The pitch: where the $600 goes, as a sentence and as a bar the eye can read at once. */
export function FeeSplit() {
  return (
    <div className={styles.split}>
      <p className={styles.pitch}>
        A {formatMoney(GIG_PRICE)} gig pays the worker {formatMoney(WORKER_EARNINGS)} ({WORKER_SHARE_PERCENT}%) and the
        platform takes a {formatMoney(PLATFORM_FEE)} fee ({PLATFORM_FEE_PERCENT}%).
      </p>
      <div className={styles.bar} aria-hidden="true">
        <span className={styles.worker} style={{ flexGrow: WORKER_SHARE_PERCENT }}>
          {formatMoney(WORKER_EARNINGS)} to the worker
        </span>
        <span className={styles.fee} style={{ flexGrow: PLATFORM_FEE_PERCENT }} />
      </div>
      <dl className={styles.legend}>
        <div>
          <dt>To the worker</dt>
          <dd className={styles.moneyValue}>
            {formatMoney(WORKER_EARNINGS)} <span>({WORKER_SHARE_PERCENT}%)</span>
          </dd>
        </div>
        <div>
          <dt>Platform fee</dt>
          <dd className={styles.feeValue}>
            {formatMoney(PLATFORM_FEE)} <span>({PLATFORM_FEE_PERCENT}%)</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
