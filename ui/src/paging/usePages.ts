import { useCallback, useEffect, useRef, useState } from 'react';

/** One page as read: its rows (at most the size asked for) and, when the database gave it, the total. */
export interface Page<T> {
  rows: T[];
  total?: number | null;
}

/**
 * Read `limit` rows after the row `after` (null: from the start). Ask for one row more than you
 * show: `usePages` asks for `size + 1` and uses the extra row only to know that more exist.
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

const LOADING = { status: 'loading' } as const;

export interface PagesOptions<T> {
  /** Rows per page. */
  size: number;
  /** A change re-reads what is shown (live updates, after an action) without a loading flash. */
  refresh?: unknown;
  /** The first page, already read with something else (e.g. a profile with its first reviews): not read again. */
  initial?: { rows: T[]; hasMore: boolean; total?: number | null };
}

/**
 * A list read page by page ("Show more"), newest first, by keyset: each page starts after the last
 * row shown, so rows added or removed meanwhile never shift a page (as offsets would). `key` says
 * what is read: a new key starts again from the first page. A refresh reads the first
 * `max(size, shown)` rows again, so the reader keeps what they opened.
 */
export function usePages<T>(key: string, fetchPage: FetchPage<T>, { size, refresh, initial }: PagesOptions<T>) {
  // The state remembers which key it belongs to: after a key change the previous list's rows are
  // not shown, the list is loading.
  const [inner, setInner] = useState<{ key: string; state: PagesState<T> }>(() => ({
    key,
    state: initial ? { status: 'ready', rows: initial.rows, total: initial.total ?? null, hasMore: initial.hasMore, more: 'idle', added: null } : LOADING,
  }));
  const seeded = useRef(initial !== undefined);
  const state = inner.key === key ? inner.state : LOADING;
  const [generation, setGeneration] = useState(0);
  const latest = useRef({ key, state, fetchPage });
  // Declared first, so the effects below and the handlers see this render's values.
  useEffect(() => {
    latest.current = { key, state, fetchPage };
  });
  // Every read has a ticket; an answer to an older ticket (key changed, a refresh overtook it) is dropped.
  const ticket = useRef(0);

  useEffect(() => {
    if (seeded.current) {
      seeded.current = false;
      return;
    }
    const mine = ++ticket.current;
    const shown = latest.current.state.status === 'ready' ? latest.current.state.rows.length : 0;
    const want = Math.max(size, shown);
    latest.current.fetchPage(null, want + 1).then(
      (page) => {
        if (mine !== ticket.current) return;
        setInner({ key, state: { status: 'ready', rows: page.rows.slice(0, want), total: page.total ?? null, hasMore: page.rows.length > want, more: 'idle', added: null } });
      },
      (error: unknown) => {
        console.error(`[need40] could not load ${key}`, error);
        if (mine === ticket.current) setInner((i) => (i.key === key && i.state.status === 'ready' ? i : { key, state: { status: 'error' } }));
      },
    );
  }, [key, generation, refresh, size]);

  const showMore = useCallback(() => {
    const { key: at, state: s } = latest.current;
    if (s.status !== 'ready' || !s.hasMore || s.more === 'loading') return;
    const mine = ++ticket.current;
    setInner({ key: at, state: { ...s, more: 'loading' } });
    latest.current.fetchPage(s.rows[s.rows.length - 1] ?? null, size + 1).then(
      (page) => {
        if (mine !== ticket.current) return;
        const rows = page.rows.slice(0, size);
        setInner({ key: at, state: { ...s, rows: [...s.rows, ...rows], hasMore: page.rows.length > size, more: 'idle', added: { count: rows.length, from: s.rows.length } } });
      },
      (error: unknown) => {
        console.error(`[need40] could not load more of ${at}`, error);
        if (mine === ticket.current) setInner({ key: at, state: { ...s, more: 'error' } });
      },
    );
  }, [size]);

  const retry = useCallback(() => {
    setInner({ key: latest.current.key, state: LOADING });
    setGeneration((g) => g + 1);
  }, []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return { state, showMore, reload, retry };
}

export type Pages<T> = ReturnType<typeof usePages<T>>;
