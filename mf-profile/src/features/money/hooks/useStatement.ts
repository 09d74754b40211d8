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
  loadMore: () => void;
}

/** `side`'s statement, a page at a time, newest first (the cursor is the last line's transaction id). */
export function useStatement(side: Side): StatementState {
  const [lines, setLines] = useState<MoneyLine[]>([]);
  const [busy, setBusy] = useState(true);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback(
    async (before: number | null, live: () => boolean) => {
      setBusy(true);
      setError(null);
      try {
        const page = await fetchStatement(side, before);
        if (!live()) return;
        setLines((old) => (before === null ? page : [...old, ...page]));
        setMore(page.length === PAGE_LINES);
      } catch (e) {
        if (live()) setError(errorMessage(e, 'Your statement could not be loaded.'));
      } finally {
        if (live()) setBusy(false);
      }
    },
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
    if (!busy) void read(lines.length ? lines[lines.length - 1]!.id : null, () => true);
  }, [busy, lines, read]);

  return { lines, busy, more, error, loadMore };
}
