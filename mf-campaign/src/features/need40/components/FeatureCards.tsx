import { GIG_PRICE, GOAL_GIGS_PER_WEEK, GOAL_JOBS_PER_YEAR, PLATFORM_FEE, PLATFORM_FEE_PERCENT, WORKER_EARNINGS, WORKER_SHARE_PERCENT } from '@need40/shared';
import { formatMoney } from '@need40/ui';
import styles from './Need40Section.module.css';

const FEATURES = [
  {
    title: `${WORKER_SHARE_PERCENT}% to the worker`,
    body: `Every ${formatMoney(GIG_PRICE)} gig pays the person who does the work ${formatMoney(WORKER_EARNINGS)}. No hidden deductions.`,
  },
  {
    title: 'One flat, visible fee',
    body: `The platform keeps ${formatMoney(PLATFORM_FEE)} (${PLATFORM_FEE_PERCENT}%), shown before anyone pays.`,
  },
  {
    title: 'Real jobs, every week',
    body: `${GOAL_GIGS_PER_WEEK} gigs a week add up to ${GOAL_JOBS_PER_YEAR} jobs a year for people who need the work.`,
  },
] as const;

/** The campaign's three feature cards. */
export function FeatureCards() {
  return (
    <ul className={styles.cards}>
      {FEATURES.map((f) => (
        <li key={f.title} className={styles.card}>
          <h3 className={styles.cardTitle}>{f.title}</h3>
          <p className={styles.cardBody}>{f.body}</p>
        </li>
      ))}
    </ul>
  );
}
