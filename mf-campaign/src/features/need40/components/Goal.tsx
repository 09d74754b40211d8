import { GOAL_GIGS_PER_WEEK, GOAL_JOBS_PER_YEAR } from '@need40/shared';
import styles from './Need40Section.module.css';

/** The stated goal: 10 gigs per week, 520 jobs a year. */
export function Goal() {
  return (
    <p className={styles.goal}>
      Our goal: <strong>{GOAL_GIGS_PER_WEEK} gigs per week</strong>, creating <strong>{GOAL_JOBS_PER_YEAR} jobs a year</strong>.
    </p>
  );
}
