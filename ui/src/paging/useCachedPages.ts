/**
 * A list read a page at a time ("Show more") through the page's query cache (TanStack Query; the
 * remotes pass the kernel's one client, getQueryClient), in the shape PagedList shows: loading,
 * error, or ready with the rows, the total, whether more exist, the next page's state and what the
 * last page added. Keyset paging: each page starts after the last row shown, so rows added or
 * removed meanwhile never shift a page. Re-reading (an invalidation, `reload`) reads as many pages
 * as are shown, so the reader keeps what they opened; a live change may instead update the cached
 * rows in place (updateCachedRows).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { FetchPage, Page, Pages, PagesState } from './types';

export interface CachedPagesOptions<T> {
  /** The page's query cache. */
  client: QueryClient;
  /** Rows per page. */
  size: number;
  /**
   * The first page, already read with something else (e.g. a profile with its first reviews): put
   * in the cache as it is (a new one replaces the cached list), not read again on mount.
   */
  initial?: { rows: T[]; hasMore: boolean; total?: number | null };
}

type Data<T> = InfiniteData<Page<T>, T | null>;

const seed = <T>(initial: NonNullable<CachedPagesOptions<T>['initial']>): Data<T> => ({
  pages: [{ rows: initial.rows, total: initial.total ?? null, more: initial.hasMore }],
  pageParams: [null],
});

export function useCachedPages<T>(queryKey: QueryKey, fetchPage: FetchPage<T>, { client, size, initial }: CachedPagesOptions<T>): Pages<T> {
  const latest = useRef(fetchPage);
  useEffect(() => {
    latest.current = fetchPage;
  });
  const what = JSON.stringify(queryKey);
  const query = useInfiniteQuery<Page<T>, Error, Data<T>, QueryKey, T | null>(
    {
      queryKey,
      // One row more than shown: the extra one only says that more exist.
      queryFn: async ({ pageParam }) => {
        try {
          return await latest.current(pageParam as T | null, size + 1);
        } catch (error) {
          console.error(`[need40] could not load ${what}`, error);
          throw error;
        }
      },
      initialPageParam: null as T | null,
      getNextPageParam: (last: Page<T>) => ((last.more ?? last.rows.length > size) ? last.rows[Math.min(size, last.rows.length) - 1] : undefined),
      // A seeded list is as fresh as what it came with: no read on mount (an invalidation still reads).
      ...(initial ? { initialData: seed(initial), staleTime: Infinity } : {}),
    },
    client,
  );
  // A new first page (the profile read again) replaces the cached list; the rows array says which.
  const seededWith = initial?.rows;
  const seedRef = useRef(initial);
  useEffect(() => {
    seedRef.current = initial;
  });
  useEffect(() => {
    if (seedRef.current) client.setQueryData<Data<T>>(JSON.parse(what) as QueryKey, seed(seedRef.current));
  }, [client, what, seededWith]);

  const { data, status, error, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = query;
  /** What the last "Show more" added (for focus and the announcement); a re-read forgets it. */
  const [added, setAdded] = useState<{ count: number; from: number } | null>(null);

  const state = useMemo<PagesState<T>>(() => {
    if (!data) return status === 'error' ? { status: 'error' } : { status: 'loading' };
    const rows = data.pages.flatMap((p) => p.rows.slice(0, size));
    const more = isFetchingNextPage ? 'loading' : isFetchNextPageError ? 'error' : 'idle';
    return { status: 'ready', rows, total: data.pages[0]?.total ?? null, hasMore: hasNextPage, more, added };
  }, [data, status, isFetchingNextPage, isFetchNextPageError, hasNextPage, size, added]);

  const showMore = useCallback(() => {
    if (state.status !== 'ready' || !state.hasMore || state.more === 'loading') return;
    const from = state.rows.length;
    void fetchNextPage().then((result) => {
      const last = result.data?.pages.at(-1);
      if (result.isSuccess && last) setAdded({ count: Math.min(last.rows.length, size), from });
    });
  }, [state, fetchNextPage, size]);
  const reload = useCallback(() => {
    setAdded(null);
    void refetch();
  }, [refetch]);
  // Try again after a failure: the list says "loading" again while it reads.
  const retry = useCallback(() => {
    setAdded(null);
    void client.resetQueries({ queryKey: JSON.parse(what) as QueryKey, exact: true });
  }, [client, what]);
  return { state, error, showMore, reload, retry };
}

/**
 * Update rows in every cached list under `prefix` (no read): `change` returns the row as it is
 * now, or the same row when it does not concern it.
 */
export function updateCachedRows<T>(client: QueryClient, prefix: QueryKey, change: (row: T) => T): void {
  client.setQueriesData<Data<T>>({ queryKey: prefix }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const rows = page.rows.map((row) => {
        const next = change(row);
        if (next !== row) changed = true;
        return next;
      });
      return { ...page, rows };
    });
    return changed ? { ...data, pages } : data;
  });
}
