import { useId } from 'react';
import { GIG_PRICE, SECTIONS, scrollToSection, WORKER_EARNINGS } from '@need40/shared';
import { formatMoney, ui } from '@need40/ui';
import styles from './Need40Section.module.css';

/**
 * Post $600 Gig → the Post Your Gig form; Earn $570 Now → the Latest Gigs grid (both in mf-gigs).
 * They only move the page, so they look like links, below the payment buttons in weight.
 */
export function JumpButtons() {
  const id = useId();
  return (
    <div className={styles.jump}>
      <p className={styles.jumpItem}>
        <button type="button" className={ui.linkButton} aria-describedby={`${id}-post`} onClick={() => scrollToSection(SECTIONS.postGig)}>
          Post {formatMoney(GIG_PRICE)} Gig
        </button>{' '}
        <span id={`${id}-post`} className={styles.jumpWhat}>
          Takes you to the Post Your Gig form.
        </span>
      </p>
      <p className={styles.jumpItem}>
        <button type="button" className={ui.linkButton} aria-describedby={`${id}-earn`} onClick={() => scrollToSection(SECTIONS.gigs)}>
          Earn {formatMoney(WORKER_EARNINGS)} Now
        </button>{' '}
        <span id={`${id}-earn`} className={styles.jumpWhat}>
          Takes you to Latest Gigs.
        </span>
      </p>
    </div>
  );
}
