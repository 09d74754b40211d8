import { useCallback, useEffect, useState } from 'react';
import type { Gig, GigFilters } from '../types';
import { fetchGigs } from '../api/fetchGigs';

interface Loaded {
  /** Which request these rows answer; while it differs from the current one, the grid is loading. */
  key: string | null;
  gigs: Gig[];
  total: number;
}

/**
 * The grid's rows for `filters`, newest first, a page at a time. Re-reads from the first page when
 * the filters or `version` (the shared gigsVersion) change. A failed read is logged to the console
 * only (docs/product.md, error catalogue) and ends the loading state with what is known, so "loading" never sticks.
 */
export function useGigs(filters: GigFilters, version: number) {
  const key = `${version}:${JSON.stringify(filters)}`;
  const [loaded, setLoaded] = useState<Loaded>({ key: null, gigs: [], total: 0 });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let current = true;
    fetchGigs(filters, 0).then(
      (page) => current && setLoaded({ key, ...page }),
      (error: unknown) => {
        console.error('[mf-gigs] could not load gigs', error);
        if (current) setLoaded({ key, gigs: [], total: 0 });
      },
    );
    return () => {
      current = false;
    };
  }, [filters, key]);

  const loading = loaded.key !== key;

  const loadMore = useCallback(async () => {
    if (loading || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchGigs(filters, loaded.gigs.length);
      setLoaded((prev) => {
        if (prev.key !== key) return prev;
        const seen = new Set(prev.gigs.map((g) => g.id));
        return { key, gigs: [...prev.gigs, ...page.gigs.filter((g) => !seen.has(g.id))], total: page.total };
      });
    } catch (error) {
      console.error('[mf-gigs] could not load more gigs', error);
    } finally {
      setLoadingMore(false);
    }
  }, [filters, key, loaded.gigs.length, loading, loadingMore]);

  return { gigs: loaded.gigs, total: loaded.total, loading, loadingMore, hasMore: !loading && loaded.gigs.length < loaded.total, loadMore };
}
