import { GIG_PRICE, GOAL_GIGS_PER_WEEK, GOAL_JOBS_PER_YEAR, PLATFORM_FEE, PLATFORM_FEE_PERCENT, WORKER_EARNINGS, WORKER_SHARE_PERCENT } from '@need40/shared';
import styles from './Sections.module.css';

export function About() {
  return (
    <div className={styles.prose}>
      <h1>About Need40</h1>
      <p>
        Need40 is a gig marketplace with one simple promise: the people who do the work keep almost all of the money. Anyone can
        browse gigs; once you sign up you can post gigs, keep a worker profile and get paid.
      </p>
      <h2>How the {WORKER_SHARE_PERCENT}/{PLATFORM_FEE_PERCENT} split works</h2>
      <div className={styles.split} aria-label="How a Need40 gig is split">
        <div className={styles.splitCell}>
          <span className={styles.splitFigure}>${GIG_PRICE}</span>
          <span>the poster pays for the gig</span>
        </div>
        <div className={styles.splitCell}>
          <span className={`${styles.splitFigure} ${styles.money}`}>${WORKER_EARNINGS}</span>
          <span>goes to the worker ({WORKER_SHARE_PERCENT}%)</span>
        </div>
        <div className={styles.splitCell}>
          <span className={`${styles.splitFigure} ${styles.fee}`}>${PLATFORM_FEE}</span>
          <span>keeps the platform running ({PLATFORM_FEE_PERCENT}%)</span>
        </div>
      </div>
      <p>
        The fee is fixed and shown before you pay. There are no hidden deductions and no bidding down: a ${GIG_PRICE} gig pays the
        worker ${WORKER_EARNINGS}, every time.
      </p>
      <h2>The Need40 campaign</h2>
      <p>
        Our goal is {GOAL_GIGS_PER_WEEK} fair-pay gigs every week, which adds up to {GOAL_JOBS_PER_YEAR} jobs a year. Support the
        campaign with a Give40 donation, post a ${GIG_PRICE} gig, or share the movement with someone who needs a fair deal.
      </p>
    </div>
  );
}
