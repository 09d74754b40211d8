import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@need40/shared';
import { fetchStatement, PAGE_LINES } from '../api/money';
import type { MoneyLine, Side } from '../types';

export interface StatementState {
  lines: MoneyLine[];
  /** Reading the first page or the next one. */
  busy: boolean;
  /** More lines are older than the last one shown. */
  more: boolean;
  error: string | null;
  /** The next page (or, after a failed first read, the first one again). */
  loadMore: () => void;
}

/** `side`'s statement, a page at a time, newest first (the cursor is the last line's transaction id). */
export function useStatement(side: Side): StatementState {
  const [lines, setLines] = useState<MoneyLine[]>([]);
  const [busy, setBusy] = useState(true);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Read the page before `before` (null: the first) and take its answer while `live()`. */
  const read = useCallback(
    (before: number | null, live: () => boolean) =>
      fetchStatement(side, before).then(
        (page) => {
          if (!live()) return;
          setLines((old) => (before === null ? page : [...old, ...page]));
          setMore(page.length === PAGE_LINES);
          setBusy(false);
        },
        (e: unknown) => {
          if (!live()) return;
          setError(errorMessage(e, 'Your statement could not be loaded.'));
          setBusy(false);
        },
      ),
    [side],
  );

  useEffect(() => {
    let live = true;
    void read(null, () => live);
    return () => {
      live = false;
    };
  }, [read]);

  const loadMore = useCallback(() => {
    if (busy) return;
    setBusy(true);
    setError(null);
    void read(lines.length ? lines[lines.length - 1]!.id : null, () => true);
  }, [busy, lines, read]);

  return { lines, busy, more, error, loadMore };
}
