import { useCallback, useEffect, useState } from 'react';
import type { Gig, GigFilters } from '../types';
import { fetchGigs } from '../api/fetchGigs';

interface Loaded {
  /** Which request these rows answer; while it differs from the current one, the grid is loading. */
  key: string | null;
  gigs: Gig[];
  total: number;
  /** The read failed: the grid says gigs could not be loaded, never that there are none. */
  failed: boolean;
}

/**
 * The grid's rows for `filters`, newest first, a page at a time. Re-reads from the first page when
 * the filters, `version` (the shared gigsVersion) or a Retry change. A failed read is logged to the
 * console and reported as `failed`, which ends loading, so "loading" never sticks and an outage is
 * not mistaken for an empty marketplace.
 */
export function useGigs(filters: GigFilters, version: number) {
  const [attempt, setAttempt] = useState(0);
  const key = `${version}:${attempt}:${JSON.stringify(filters)}`;
  const [loaded, setLoaded] = useState<Loaded>({ key: null, gigs: [], total: 0, failed: false });
  const [loadingMore, setLoadingMore] = useState(false);
  /** The request whose "Load more" failed (a new request forgets it). */
  const [moreFailedKey, setMoreFailedKey] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchGigs(filters, 0).then(
      (page) => current && setLoaded({ key, ...page, failed: false }),
      (error: unknown) => {
        console.error('[mf-gigs] could not load gigs', error);
        if (current) setLoaded({ key, gigs: [], total: 0, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [filters, key]);

  const loading = loaded.key !== key;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const loadMore = useCallback(async () => {
    if (loading || loadingMore) return;
    setLoadingMore(true);
    setMoreFailedKey(null);
    try {
      const page = await fetchGigs(filters, loaded.gigs.length);
      setLoaded((prev) => {
        if (prev.key !== key) return prev;
        const seen = new Set(prev.gigs.map((g) => g.id));
        return { ...prev, gigs: [...prev.gigs, ...page.gigs.filter((g) => !seen.has(g.id))], total: page.total };
      });
    } catch (error) {
      console.error('[mf-gigs] could not load more gigs', error);
      setMoreFailedKey(key);
    } finally {
      setLoadingMore(false);
    }
  }, [filters, key, loaded.gigs.length, loading, loadingMore]);

  return {
    gigs: loaded.gigs,
    total: loaded.total,
    loading,
    failed: !loading && loaded.failed,
    retry,
    loadingMore,
    moreFailed: moreFailedKey === key,
    hasMore: !loading && loaded.gigs.length < loaded.total,
    loadMore,
  };
}
