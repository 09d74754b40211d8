import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '@need40/shared';
import type { NotificationRow } from './text';

/** How many recent notifications the list shows. */
export const RECENT = 20;

export interface NotificationsState {
  items: NotificationRow[];
  unread: number;
  failed: boolean;
}

async function read(): Promise<Omit<NotificationsState, 'failed'>> {
  const sb = getSupabase();
  const [list, count] = await Promise.all([
    sb.from('notifications').select('id, kind, gig_title, actor_name, count, created_at, read_at, application_id, gig_id, application:applications(worker_id)').order('id', { ascending: false }).limit(RECENT),
    sb.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
  ]);
  if (list.error) throw list.error;
  if (count.error) throw count.error;
  return { items: list.data as NotificationRow[], unread: count.count ?? 0 };
}

/**
 * The member's recent notifications and unread count, kept live: the table is published to
 * Realtime and row-level security lets only the recipient hear a row, so a new one (or one marked
 * read in another tab) reads the list again; so does every (re)join, to catch up after a lost
 * connection. `markSeen` marks read what the member has seen (up to the newest row shown).
 */
export function useNotifications(userId: string) {
  const [state, setState] = useState<NotificationsState>({ items: [], unread: 0, failed: false });
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let current = true;
    read().then(
      (next) => current && setState({ ...next, failed: false }),
      (error: unknown) => {
        console.error('[shell] could not read the notifications', error);
        if (current) setState((s) => ({ ...s, failed: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [userId, generation]);

  useEffect(() => {
    const sb = getSupabase();
    // A topic of its own: nobody else meets this member on it (no broadcast, no presence).
    const channel = sb
      .channel(`bell:${userId}:${Math.random().toString(36).slice(2, 10)}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'notifications', filter: `recipient_id=eq.${userId}` }, refresh)
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') refresh();
        else if (status === 'CHANNEL_ERROR') console.warn('[shell] live notifications unavailable', error);
      });
    return () => void sb.removeChannel(channel);
  }, [userId, refresh]);

  const markSeen = useCallback(async () => {
    const newest = state.items[0]?.id;
    if (!newest || state.unread === 0) return;
    setState((s) => ({ ...s, unread: Math.max(0, s.unread - s.items.filter((n) => !n.read_at).length) }));
    const { error } = await getSupabase().rpc('mark_notifications_read', { p_up_to: newest });
    if (error) console.error('[shell] could not mark the notifications read', error);
    refresh();
  }, [state.items, state.unread, refresh]);

  return { state, markSeen, refresh };
}
