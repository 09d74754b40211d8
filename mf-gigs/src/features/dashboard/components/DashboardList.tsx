import type { ReactNode } from 'react';
import { LoadFailed, Loading, PagedList, ui, type Pages } from '@need40/ui';

interface Props<T> {
  pages: Pages<T>;
  /** What is loading, e.g. "your gigs". */
  what: string;
  /** A row, one and many, e.g. ["gig", "gigs"]. */
  noun: readonly [string, string];
  empty: ReactNode;
  label?: string;
  /** The rows as `<li>` elements. */
  children: (rows: T[]) => ReactNode;
}

/**
 * One dashboard list's loading, error (with Try again), empty (with a next step) and filled states;
 * filled, it shows a page at a time with "Show more".
 */
export function DashboardList<T>({ pages, what, noun, empty, label, children }: Props<T>) {
  const { state, retry, showMore } = pages;
  if (state.status === 'loading') return <Loading what={what} />;
  if (state.status === 'error') return <LoadFailed what={what} retry={retry} />;
  if (state.rows.length === 0) return <div>{empty}</div>;
  return (
    <PagedList state={state} showMore={showMore} noun={noun} className={ui.stack} label={label}>
      {children}
    </PagedList>
  );
}
