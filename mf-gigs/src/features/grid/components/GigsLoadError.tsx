import { ui } from '@need40/ui';
import styles from './LatestGigs.module.css';

export const GIGS_LOAD_FAILED = 'Gigs could not be loaded.';
export const GIGS_LOAD_HINT = "Can't reach Need40 right now — check your connection and try again.";

/**
 * A failed read of the grid. Says so and offers Retry instead of "No gigs available yet", which
 * would tell a visitor the marketplace is empty when it is only out of reach.
 */
export function GigsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.empty} role="alert">
      <p className={styles.emptyTitle}>{GIGS_LOAD_FAILED}</p>
      <p>{GIGS_LOAD_HINT}</p>
      <button type="button" className={ui.secondary} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
