import { useCallback, useEffect, useState } from 'react';
import { useRowChanges } from '../../../lib/live/useRowChanges';
import { fetchDeal } from '../api/fetchDeal';
import type { Deal } from '../types';

export type DealState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; deal: Deal };

/**
 * The deal of one application, read when it mounts, on `reload()` (after each step), and live:
 * every step either party (or Need40) takes goes through the application's row (each transition
 * updates it) and a review is a row of its own, so a change of either, or of the gig, reads the
 * deal again on both sides' open pages. `shownStatus` is the status the caller shows beside the
 * panel: when it differs from the deal's, the deal is read again, so both agree. A reload keeps
 * the shown deal until the new one arrives.
 */
export function useDeal(applicationId: string, shownStatus?: string) {
  const [state, setState] = useState<DealState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let current = true;
    fetchDeal(applicationId).then(
      (deal) => current && setState({ status: 'ready', deal }),
      (error: unknown) => {
        console.error('[mf-gigs] could not load the deal', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [applicationId, generation]);

  const gigId = state.status === 'ready' ? state.deal.gigId : null;
  useRowChanges(
    `deal:${applicationId}:${gigId ?? ''}`,
    [
      { table: 'applications', event: 'UPDATE', filter: `id=eq.${applicationId}` },
      { table: 'reviews', event: 'INSERT', filter: `application_id=eq.${applicationId}` },
      ...(gigId ? [{ table: 'gigs', event: 'UPDATE' as const, filter: `id=eq.${gigId}` }] : []),
    ],
    reload,
  );

  const loaded = state.status === 'ready' ? state.deal.status : null;
  useEffect(() => {
    // The caller heard of a newer state first (its list read again): read the deal too. Only a
    // new status shown asks again, never a read of the deal itself (that would read twice).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (loaded && shownStatus && loaded !== shownStatus) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownStatus]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  return { state, reload, retry };
}
