import { errorMessage, getQueryClient, MEMBER_LISTS } from '@need40/shared';
import { useCachedPages } from '@need40/ui';
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

/** The cache key of `side`'s statement: under MEMBER_LISTS, so it leaves the page with its member. */
export const statementKey = (side: Side) => [MEMBER_LISTS, 'statement', side] as const;

/**
 * `side`'s statement, a page at a time, newest first (the cursor is the last line's transaction
 * id), through the page's query cache: shown again, it shows what it had while it reads again.
 */
export function useStatement(side: Side): StatementState {
  const { state, error, showMore, retry } = useCachedPages<MoneyLine>(statementKey(side), (after, limit) => fetchStatement(side, after?.id ?? null, limit).then((rows) => ({ rows })), {
    client: getQueryClient(),
    size: PAGE_LINES,
  });
  const ready = state.status === 'ready' ? state : null;
  const failed = state.status === 'error' || ready?.more === 'error';
  return {
    lines: ready?.rows ?? [],
    busy: state.status === 'loading' || ready?.more === 'loading',
    more: ready?.hasMore ?? false,
    error: failed ? errorMessage(error, 'Your statement could not be loaded.') : null,
    loadMore: ready ? showMore : retry,
  };
}
