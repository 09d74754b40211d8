import { formatMoney } from '../money';
import type { Deal, Side } from './types';
import styles from './Deal.module.css';

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** The agreed amount and its split exactly as the database computed them. */
export function DealTerms({ deal, side }: { deal: Deal; side: Side }) {
  if (deal.agreedAmount === null || deal.workerAmount === null || deal.platformFee === null) {
    return (
      <p className={styles.terms}>
        {side === 'poster' ? 'No agreed amount yet: this deal has no hours.' : `No agreed amount yet: ${deal.posterName} has not set the hours.`}
      </p>
    );
  }
  return (
    <div className={styles.terms}>
      <p className={styles.amount}>
        Agreed amount {formatMoney(deal.agreedAmount)}
        {deal.hourly && deal.agreedHours !== null && deal.hourlyRate !== null && (
          <span className={styles.muted}>
            {' '}
            ({hoursText(deal.agreedHours)} at {formatMoney(deal.hourlyRate)}/hr)
          </span>
        )}
      </p>
      <p className={styles.split}>
        Worker keeps {formatMoney(deal.workerAmount)} · Need40 fee {formatMoney(deal.platformFee)}
      </p>
    </div>
  );
}
