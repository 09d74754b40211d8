/** One page as read: its rows (at most the size asked for, plus one to say more exist) and, when the database gave it, the total. */
export interface Page<T> {
  rows: T[];
  total?: number | null;
  /**
   * More rows exist after these: only for a first page read with something else (e.g. a profile
   * with its first reviews), which did not read the extra row.
   */
  more?: boolean;
}

/**
 * Read `limit` rows after the row `after` (null: from the start). Ask for one row more than you
 * show: the paging hook asks for `size + 1` and uses the extra row only to know that more exist.
 */
export type FetchPage<T> = (after: T | null, limit: number) => Promise<Page<T>>;

export type PagesState<T> =
  | { status: 'loading' }
  | { status: 'error' }
  | {
      status: 'ready';
      rows: T[];
      total: number | null;
      /** More rows exist after the last one shown. */
      hasMore: boolean;
      /** The next page: being read, or it failed (the rows shown stay). */
      more: 'idle' | 'loading' | 'error';
      /** How many rows the last "show more" added, and where they start (for focus and the announcement). */
      added: { count: number; from: number } | null;
    };

/** A paged list: what to show, and its actions. `error` is the last failed read's error (for its text), or null. */
export interface Pages<T> {
  state: PagesState<T>;
  error: Error | null;
  showMore: () => void;
  reload: () => void;
  retry: () => void;
}
