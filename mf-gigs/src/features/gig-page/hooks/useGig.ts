import { useCallback, useEffect, useState } from 'react';
import { watchGigs, type GigChange } from '../../../lib/live/watchGigs';
import { fetchGig } from '../api/fetchGig';
import type { GigDetail } from '../types';

export type GigState = { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; gig: GigDetail };

/**
 * A Realtime change of this gig applied to what the page shows (count and status change live).
 * Realtime does not apply filters to DELETE on a table with row-level security (Supabase's rule),
 * so a DELETE of any gig the visitor may read arrives here: only this gig's own is "missing".
 */
function applyChange(state: GigState, gigId: string, { event, row, old }: GigChange): GigState {
  if (state.status !== 'ready') return state;
  if (event === 'DELETE') return old.id === gigId ? { status: 'missing' } : state;
  if (event !== 'UPDATE') return state;
  const count = Number(row.applicant_count);
  const { gig } = state;
  return {
    status: 'ready',
    gig: {
      ...gig,
      applicantCount: Number.isInteger(count) && count >= 0 ? count : gig.applicantCount,
      status: typeof row.status === 'string' ? row.status : gig.status,
    },
  };
}

/**
 * One gig's page data; `reload` reads it again (after applying, the applicant count changes).
 * While open, the gig's Realtime changes keep the applicant count and status current; after a lost
 * connection the page reads the gig again.
 */
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

  useEffect(
    () =>
      watchGigs(
        `need40-gig-${gigId}`,
        { onChange: (change) => setState((prev) => applyChange(prev, gigId, change)), onRejoined: () => setGeneration((g) => g + 1) },
        `id=eq.${gigId}`,
      ),
    [gigId],
  );

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  return { state, reload, retry };
}
