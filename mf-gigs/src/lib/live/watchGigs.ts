import { getSupabase } from '@need40/shared';

/** One change to public.gigs as Realtime delivers it (columns the reader may select). */
export interface GigChange {
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  row: Record<string, unknown>;
  old: Record<string, unknown>;
}

export interface GigWatch {
  onChange(change: GigChange): void;
  /**
   * Joined again after the connection was lost (a backend restart, a network drop): changes made
   * meanwhile were not delivered, so whoever shows gigs reads them again.
   */
  onRejoined?(): void;
}

/**
 * Watches public.gigs through the page's one client (`supabase.channel`), optionally narrowed by a
 * Realtime filter such as `id=eq.<uuid>`. `topic` must be unique on the page: the client hands back
 * the existing channel for a topic already in use. Returns the stop function.
 */
export function watchGigs(topic: string, watch: GigWatch, filter?: string): () => void {
  const supabase = getSupabase();
  let joined = false;
  const channel = supabase
    .channel(topic)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'gigs', ...(filter ? { filter } : {}) }, (payload) =>
      watch.onChange({ event: payload.eventType, row: payload.new as Record<string, unknown>, old: payload.old as Record<string, unknown> }),
    )
    .subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        if (joined) watch.onRejoined?.();
        joined = true;
      } else if (status === 'CHANNEL_ERROR') {
        // Live updates are an extra: the page still works by reading, so this is only logged.
        console.warn(`[mf-gigs] live gigs (${topic}) unavailable`, error);
      }
    });
  return () => void supabase.removeChannel(channel);
}
