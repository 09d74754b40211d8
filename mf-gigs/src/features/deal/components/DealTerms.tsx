import { formatCents } from '@need40/ui';
import type { Deal } from '../types';
import styles from './Deal.module.css';

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** The deal as it was frozen at acceptance: the amount, how it was reached, and its split. */
export function DealTerms({ deal }: { deal: Deal }) {
  if (deal.amountCents === null || deal.workerCents === null || deal.feeCents === null) return null;
  return (
    <div className={styles.terms}>
      <p className={styles.amount}>
        Agreed amount {formatCents(deal.amountCents)}
        {deal.hourly && deal.hours !== null && deal.rateCents !== null && (
          <span className={styles.muted}>
            {' '}
            ({hoursText(deal.hours)} at {formatCents(deal.rateCents)}/hr)
          </span>
        )}
      </p>
      <p className={styles.split}>
        Worker keeps {formatCents(deal.workerCents)} · Need40 fee {formatCents(deal.feeCents)}
      </p>
    </div>
  );
}
