import { useEffect, useRef, type ReactNode } from 'react';
import ui from '../ui.module.css';
import type { PagesState } from './types';

type Ready<T> = Extract<PagesState<T>, { status: 'ready' }>;

export interface PagedListProps<T> {
  state: Ready<T>;
  showMore: () => void;
  /** What the rows are, one and many: ["gig", "gigs"]. */
  noun: readonly [string, string];
  className?: string;
  /** The list's accessible name, when the heading above it does not give one. */
  label?: string;
  /** The rows as `<li>` elements. */
  children: (rows: T[]) => ReactNode;
}

const count = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;

/**
 * A list with "Show more" under it. After a page arrives the first new row takes the focus (the
 * button may be gone), and a polite live region says how many rows came. The count ("Showing 20
 * of 132 gigs") is shown when the database gave a total. A failed page keeps the rows and says so.
 */
export function PagedList<T>({ state, showMore, noun, className, label, children }: PagedListProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const { added, rows, total, hasMore, more } = state;

  useEffect(() => {
    if (!added || added.count === 0) return;
    const first = list.current?.children[added.from];
    if (first instanceof HTMLElement) {
      first.tabIndex = -1;
      first.focus();
    }
  }, [added]);

  const many = noun[1];
  return (
    <>
      <ul ref={list} className={className} aria-label={label}>
        {children(rows)}
      </ul>
      {hasMore && total !== null && <p className={ui.muted}>Showing {rows.length} of {count(total, noun)}</p>}
      {more === 'error' && (
        <p role="alert" className={ui.alert}>
          Could not load more {many}. Check your connection and try again.
        </p>
      )}
      {hasMore && (
        <button type="button" className={ui.secondary} aria-disabled={more === 'loading'} onClick={showMore}>
          {more === 'loading' ? `Loading more ${many}...` : `Show more ${many}`}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite">
        {added && `${added.count} more ${added.count === 1 ? noun[0] : many} shown${hasMore ? '' : `, no more ${many}`}.`}
      </p>
    </>
  );
}
