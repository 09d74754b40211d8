import { useCallback, useEffect, useState } from 'react';
import { fetchMyApplication, type ApplicationRef } from '../../../lib/applications';
import { useRowChanges } from '../../../lib/live/useRowChanges';

export type MyApplicationState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; application: ApplicationRef | null };

type Result = { status: 'error' } | { status: 'ready'; application: ApplicationRef | null };

/** The signed-in member's application to this gig (none when signed out or on their own gig), kept live. */
export function useMyApplication(gigId: string, userId: string | null, skip: boolean) {
  const [generation, setGeneration] = useState(0);
  const key = userId && !skip ? `${gigId}:${userId}:${generation}` : null;
  // Which read the result answers; while it differs from `key`, the read is under way.
  const [loaded, setLoaded] = useState<{ key: string | null; result: Result }>({ key: null, result: { status: 'ready', application: null } });

  useEffect(() => {
    if (!key || !userId) return undefined;
    let current = true;
    fetchMyApplication(gigId, userId).then(
      (application) => current && setLoaded({ key, result: { status: 'ready', application } }),
      (error: unknown) => {
        console.error('[mf-gigs] could not read your application', error);
        if (current) setLoaded({ key, result: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
  }, [gigId, userId, key]);

  const state: MyApplicationState = !key ? { status: 'none' } : loaded.key !== key ? { status: 'loading' } : loaded.result;
  const set = useCallback((application: ApplicationRef) => setLoaded({ key, result: { status: 'ready', application } }), [key]);

  // The poster accepts, declines or closes, a deal moves on: the application's row changes, and
  // is read again in place (no "loading" in between).
  const id = state.status === 'ready' ? (state.application?.id ?? null) : null;
  useRowChanges(id && userId ? `my-application:${id}` : null, [{ table: 'applications', event: 'UPDATE', filter: `id=eq.${id}` }], () => {
    if (!userId) return;
    fetchMyApplication(gigId, userId).then(
      (application) => application && set(application),
      (error: unknown) => console.error('[mf-gigs] could not read your application', error),
    );
  });
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, set, reload };
}
