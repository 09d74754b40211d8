import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { getQueryClient, GIG_LISTS } from '@need40/shared';
import type { Gig, GigFilters } from '../types';
import { fetchGigs, type GigPage } from '../api/fetchGigs';

/** The cache key of the grid under `filters` (under the kernel's GIG_LISTS, which a new gig anywhere invalidates). */
export const gridKey = (filters: GigFilters) => [GIG_LISTS, 'open', filters] as const;

const shown = (pages: GigPage[]) => pages.reduce((n, p) => n + p.gigs.length, 0);

/**
 * The grid's rows for `filters`, newest first, a page at a time, through the page's query cache.
 * A gig created anywhere on the page (notifyGigsChanged) re-reads the pages shown, keeping them
 * on screen meanwhile; Retry starts again from the first page, "loading". A failed read is logged
 * to the console and reported as `failed`, which ends loading, so "loading" never sticks and an
 * outage is not mistaken for an empty marketplace.
 */
export function useGigs(filters: GigFilters) {
  const client = getQueryClient();
  const queryKey = gridKey(filters);
  const query = useInfiniteQuery<GigPage, Error, InfiniteData<GigPage, number>, QueryKey, number>(
    {
      queryKey,
      queryFn: async ({ pageParam }) => {
        try {
          return await fetchGigs(filters, pageParam);
        } catch (error) {
          console.error(pageParam ? '[mf-gigs] could not load more gigs' : '[mf-gigs] could not load gigs', error);
          throw error;
        }
      },
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (shown(pages) < last.total ? shown(pages) : undefined),
    },
    client,
  );
  const { data, status, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage } = query;
  // Rows inserted meanwhile shift the offsets: a gig may come twice, it is shown once.
  const gigs = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((p) => p.gigs).filter((g: Gig) => !seen.has(g.id) && !!seen.add(g.id));
  }, [data]);
  const key = JSON.stringify(queryKey);
  const retry = useCallback(() => void client.resetQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true }), [client, key]);
  const loadMore = useCallback(async () => {
    if (hasNextPage && !isFetchingNextPage) await fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const loading = status === 'pending';
  return {
    gigs,
    total: data?.pages.at(-1)?.total ?? 0,
    loading,
    failed: status === 'error' && !data,
    retry,
    loadingMore: isFetchingNextPage,
    moreFailed: isFetchNextPageError,
    hasMore: !loading && hasNextPage,
    loadMore,
  };
}
