import { SECTIONS, useSession } from '@need40/shared';
import { ui } from '@need40/ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useGigFilters } from '../hooks/useGigFilters';
import { useGigs } from '../hooks/useGigs';
import { useLiveGigs } from '../hooks/useLiveGigs';
import { EmptyGigs } from './EmptyGigs';
import { GigFilterBar } from './GigFilterBar';
import { GigsLoadError } from './GigsLoadError';
import { NewGigsNotice } from './NewGigsNotice';
import { SafeGigCard } from './SafeGigCard';
import styles from './LatestGigs.module.css';

// Saved searches are a member's: a chunk of its own, never fetched for a visitor's first screen.
const SavedSearches = lazy(() => import(/* webpackChunkName: "saved-searches" */ './SavedSearches'));

/** Loading text of the grid (the spec asks for loading text, not its words). */
export const LOADING_GIGS = 'Loading gigs...';
export const LOAD_MORE_FAILED = 'More gigs could not be loaded. Try Load more gigs again.';

/**
 * Latest Gigs: filters, then the cards newest first, a page at a time. Re-reads when the filters
 * change and whenever a gig is created anywhere on the page (the query cache's gig lists). Gigs posted
 * elsewhere meanwhile wait behind "N new gigs — show"; "show" reads again and moves focus to the
 * newest of them (or to the heading when the filters now hide it). An empty grid shows them at once.
 * A signed-in member saves the filters as a search and is alerted when new gigs match (SavedSearches).
 */
export function LatestGigs() {
  const { draft, filters, errors, filtered, typed, update, clear } = useGigFilters();
  const signedIn = useSession((s) => s.status === 'signed-in');
  const { gigs, total, loading, failed, retry, loadingMore, moreFailed, hasMore, loadMore } = useGigs(filters);
  const live = useLiveGigs(filters, retry);
  const shown = live.gone.length ? gigs.filter((g) => !live.gone.includes(g.id)) : gigs;
  const showList = shown.length > 0;
  const count = total - (gigs.length - shown.length);
  /** After "show": the gig to focus once the re-read is in ('' for none). */
  const focusAfterShow = useRef<string | null>(null);

  const show = () => {
    focusAfterShow.current = live.fresh[0] ?? '';
    live.clear();
    retry();
  };
  // An empty grid holds nothing the person is reading: a gig posted meanwhile comes straight in,
  // never "No gigs available yet" beside "1 new gig — show". Focus stays where it is.
  const emptyWithFresh = !loading && !failed && !showList && live.fresh.length > 0;
  const { clear: clearLive } = live;
  useEffect(() => {
    if (!emptyWithFresh) return;
    clearLive();
    retry();
  }, [emptyWithFresh, clearLive, retry]);

  useEffect(() => {
    const id = focusAfterShow.current;
    if (id === null || loading) return;
    focusAfterShow.current = null;
    const card = document.getElementById(`gig-${id}-title`)?.querySelector('a');
    (card ?? document.getElementById('latest-gigs-title'))?.focus();
  }, [loading]);

  return (
    <section id={SECTIONS.gigs} aria-labelledby="latest-gigs-title" className={styles.section}>
      <h2 id="latest-gigs-title" className={styles.heading} tabIndex={-1}>
        Latest Gigs
      </h2>
      <GigFilterBar draft={draft} errors={errors} typed={typed} onChange={update} onClear={clear} />
      {signedIn && (
        <Suspense fallback={null}>
          <SavedSearches filters={filters} onApply={(draft) => update(draft, false)} />
        </Suspense>
      )}
      <div className={styles.statusLine}>
        <div aria-live="polite" className={styles.status}>
          {loading ? (
            <p className={ui.busy}>{LOADING_GIGS}</p>
          ) : showList ? (
            <p className={styles.count}>
              Showing {shown.length} of {count} {count === 1 ? 'gig' : 'gigs'}
            </p>
          ) : null}
        </div>
        <NewGigsNotice count={live.fresh.length} onShow={show} />
      </div>
      {failed && <GigsLoadError onRetry={retry} />}
      {!loading && !failed && !showList && <EmptyGigs filtered={filtered} onClear={clear} />}
      {showList && (
        <ul className={styles.grid} aria-busy={loading}>
          {shown.map((gig) => (
            <li key={gig.id}>
              <SafeGigCard gig={gig} ended={live.ended[gig.id]} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div className={styles.more}>
          <button type="button" className={ui.secondary} aria-disabled={loadingMore} onClick={() => void loadMore()}>
            {loadingMore ? 'Loading more gigs...' : 'Load more gigs'}
          </button>
          {moreFailed && <p role="alert">{LOAD_MORE_FAILED}</p>}
        </div>
      )}
    </section>
  );
}
