import type { MouseEvent } from 'react';
import { MESSAGES, SECTIONS, scrollToSection } from '@need40/shared';
import { ui } from '@need40/ui';
import styles from './LatestGigs.module.css';

/** The empty grid, with the next step: post a gig, or clear the filters that hid every gig. */
export function EmptyGigs({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (filtered) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No gigs match these filters.</p>
        <p>Try fewer filters or clear them to see every gig.</p>
        <button type="button" className={ui.secondary} onClick={onClear}>
          Clear filters
        </button>
      </div>
    );
  }
  const toForm = (event: MouseEvent<HTMLAnchorElement>) => {
    if (scrollToSection(SECTIONS.postGig)) event.preventDefault();
  };
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{MESSAGES.noGigs}</p>
      <p>
        Have work to share?{' '}
        <a className={ui.link} href={`#${SECTIONS.postGig}`} onClick={toForm}>
          Post the first gig
        </a>
      </p>
    </div>
  );
}
