import { formatCents } from '@need40/ui';
import { useCampaignProgress } from '../hooks/useCampaignProgress';
import styles from './WeeklyProgress.module.css';

/**
 * Beside the spec's goal: this week's progress toward it (gigs whose money was released to the
 * worker this week) and the running totals paid to workers and kept as fees, from Need40's books.
 * Its box keeps its size while the figures arrive, so nothing below it moves.
 */
export function WeeklyProgress() {
  const state = useCampaignProgress();
  const p = state.status === 'ready' ? state.progress : null;
  const done = p ? Math.min(p.releasedThisWeek, p.weeklyGoal) : 0;
  return (
    <div className={styles.box}>
      <h3 id="need40-progress-title" className={styles.title}>
        This week, from Need40&apos;s books
      </h3>
      {state.status === 'failed' ? (
        <p className={styles.note}>This week&apos;s figures are not available right now.</p>
      ) : (
        <>
          <p className={styles.line} aria-live="polite">
            {p ? (
              <>
                <strong>
                  {p.releasedThisWeek} of {p.weeklyGoal} gigs
                </strong>{' '}
                paid this week
              </>
            ) : (
              'Reading the books...'
            )}
          </p>
          <div className={styles.bar} aria-hidden="true">
            <span style={{ width: p ? `${(done / p.weeklyGoal) * 100}%` : 0 }} />
          </div>
          <p className={styles.totals}>
            Paid to workers so far: <strong>{p ? formatCents(p.paidToWorkersCents) : '—'}</strong> · Kept by Need40 as fees:{' '}
            <strong>{p ? formatCents(p.feesKeptCents) : '—'}</strong>
          </p>
          <p className={styles.note}>A gig counts when its money is released to the worker. Weeks start on Monday (UTC).</p>
        </>
      )}
    </div>
  );
}
