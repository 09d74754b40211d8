import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { openChannel, privateTopic } from '../../../lib/live/channel';

/** Bumped whenever what a dashboard shows may have changed; its lists read again on each bump. */
export const dashboardLive = createStore<{ version: number }>()(() => ({ version: 0 }));
export const useDashboardVersion = () => useStore(dashboardLive, (s) => s.version);

/**
 * The dashboard's live channel: an application to the member's gig or a change to one of their
 * applications (either side) makes the lists read again, as does every (re)subscription, so a
 * reconnect catches up. Row-level security decides which changes reach this member. Nothing
 * without a member.
 */
export function useDashboardLive(userId: string | null) {
  useEffect(() => {
    if (!userId) return undefined;
    const bump = () => dashboardLive.setState((s) => ({ version: s.version + 1 }));
    return openChannel(privateTopic(`dashboard:${userId}`), { config: {} }, (channel) => {
      channel
        .on('postgres_changes', { event: '*', schema: 'public', table: 'applications', filter: `poster_id=eq.${userId}` }, bump)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'applications', filter: `worker_id=eq.${userId}` }, bump)
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') bump();
        });
    });
  }, [userId]);
}
