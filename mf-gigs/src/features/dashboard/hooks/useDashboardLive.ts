import { useEffect } from 'react';
import { getQueryClient } from '@need40/shared';
import { updateCachedRows } from '@need40/ui';
import { openChannel, privateTopic } from '../../../lib/live/channel';
import { DASHBOARD_LISTS, dashboardKey } from './useDashboardPages';

type Row = Record<string, unknown>;

/**
 * An application as it is now (a transition's answer, or a live change's new row) into every
 * cached dashboard list that shows it (applicants, My applications): its own fields, no read.
 */
export function showApplication(application: Row): void {
  const id = application.id;
  if (typeof id !== 'string') return;
  updateCachedRows<Row>(getQueryClient(), DASHBOARD_LISTS, (row) => {
    if (row.id !== id || !('status' in row)) return row;
    // Plain columns only (an embedded row such as the worker is not in the answer); a column still
    // null in the list (a decline note, a notice) is plain too.
    const fresh = Object.fromEntries(Object.keys(row).filter((k) => k in application && (row[k] === null || typeof row[k] !== 'object')).map((k) => [k, application[k]]));
    return { ...row, ...fresh };
  });
}

/**
 * The dashboard's live channel: a change to one of the member's applications (either side)
 * updates that row in the cached lists; a new application to their gig marks that gig's
 * applicants and My gigs (its count) stale. Every (re)subscription marks the lists already read
 * stale, so changes made while the connection was lost are caught up. Row-level security decides
 * which changes reach this member. Nothing without a member.
 */
export function useDashboardLive(userId: string | null) {
  useEffect(() => {
    if (!userId) return undefined;
    const client = getQueryClient();
    const onChange = (change: { eventType: string; new?: Row; old?: Row }) => {
      if (change.eventType === 'UPDATE' && change.new) return showApplication(change.new);
      const gigId = change.new?.gig_id ?? change.old?.gig_id;
      if (typeof gigId === 'string') void client.invalidateQueries({ queryKey: dashboardKey('applicants', gigId) });
      void client.invalidateQueries({ queryKey: dashboardKey('my-gigs', userId) });
      void client.invalidateQueries({ queryKey: dashboardKey('my-applications', userId) });
    };
    return openChannel(privateTopic(`dashboard:${userId}`), { config: {} }, (channel) => {
      channel
        .on('postgres_changes', { event: '*', schema: 'public', table: 'applications', filter: `poster_id=eq.${userId}` }, onChange)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'applications', filter: `worker_id=eq.${userId}` }, onChange)
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void client.invalidateQueries({ queryKey: DASHBOARD_LISTS, predicate: (q) => q.state.status === 'success' });
        });
    });
  }, [userId]);
}
