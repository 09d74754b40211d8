import { useCallback, useEffect, useState } from 'react';
import { fetchMyApplication, type ApplicationRef } from '../../../lib/applications';

export type MyApplicationState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; application: ApplicationRef | null };

/** The signed-in member's application to this gig (none when signed out or on their own gig). */
export function useMyApplication(gigId: string, userId: string | null, skip: boolean) {
  const [state, setState] = useState<MyApplicationState>({ status: 'none' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!userId || skip) {
      setState({ status: 'none' });
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    fetchMyApplication(gigId, userId).then(
      (application) => current && setState({ status: 'ready', application }),
      (error: unknown) => {
        console.error('[mf-gigs] could not read your application', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [gigId, userId, skip, generation]);

  const set = useCallback((application: ApplicationRef) => setState({ status: 'ready', application }), []);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, set, reload };
}
