import { useCallback, useEffect, useState } from 'react';
import { fetchGig } from '../api/fetchGig';
import type { GigDetail } from '../types';

export type GigState = { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; gig: GigDetail };

/** One gig's page data; `reload` reads it again (after applying, the applicant count changes). */
export function useGig(gigId: string) {
  const [state, setState] = useState<GigState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    fetchGig(gigId).then(
      (gig) => current && setState(gig ? { status: 'ready', gig } : { status: 'missing' }),
      (error: unknown) => {
        console.error('[mf-gigs] could not load the gig', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [gigId, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  return { state, reload, retry };
}
