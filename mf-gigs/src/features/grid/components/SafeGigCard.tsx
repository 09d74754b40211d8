import { ErrorBoundary } from 'react-error-boundary';
import { assertShowableGig } from '../lib/showableGig';
import type { Gig } from '../types';
import { GigCard } from './GigCard';
import styles from './LatestGigs.module.css';

export const GIG_CANT_BE_SHOWN = "This gig can't be shown.";

function CheckedGigCard({ gig, ended }: { gig: Gig; ended?: string }) {
  assertShowableGig(gig);
  return <GigCard gig={gig} ended={ended} />;
}

/**
 * One card behind its own error boundary: a malformed row (or a bug its data triggers) breaks only
 * that card, which shows a short note; the other cards, the grid and the post form keep working.
 * `ended` is the status a shown gig took since it was read (filled, closed).
 */
export function SafeGigCard({ gig, ended }: { gig: Gig; ended?: string }) {
  return (
    <ErrorBoundary
      fallback={<p className={styles.broken}>{GIG_CANT_BE_SHOWN}</p>}
      onError={(error) => console.error('[mf-gigs] a gig card failed', error)}
    >
      <CheckedGigCard gig={gig} ended={ended} />
    </ErrorBoundary>
  );
}
