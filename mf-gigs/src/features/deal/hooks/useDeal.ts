import { useCallback, useEffect, useState } from 'react';
import { fetchDeal } from '../api/fetchDeal';
import type { Deal } from '../types';

export type DealState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; deal: Deal };

/**
 * The deal of one application, read when it mounts and again on `reload()` (after each step);
 * a reload keeps the shown deal until the new one arrives.
 */
export function useDeal(applicationId: string) {
  const [state, setState] = useState<DealState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

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

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  return { state, reload, retry };
}
