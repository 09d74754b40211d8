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
  /**
   * A gig was hidden by the team (public.gig_takedowns: only its id). A hidden gig's own change
   * reaches no one who may no longer read it, so this is how an open page learns it is gone.
   */
  onTakedown?(gigId: string): void;
}

/**
 * Watches public.gigs through the page's one client (`supabase.channel`), optionally narrowed by a
 * Realtime filter such as `id=eq.<uuid>`. `topic` must be unique on the page: the client hands back
 * the existing channel for a topic already in use. Returns the stop function.
 */
export function watchGigs(topic: string, watch: GigWatch, filter?: string): () => void {
  const supabase = getSupabase();
  let joined = false;
  const channel = supabase.channel(topic);
  channel.on('postgres_changes', { event: '*', schema: 'public', table: 'gigs', ...(filter ? { filter } : {}) }, (payload) =>
      watch.onChange({ event: payload.eventType, row: payload.new as Record<string, unknown>, old: payload.old as Record<string, unknown> }),
    );
  if (watch.onTakedown) {
    const onTakedown = watch.onTakedown;
    channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gig_takedowns' }, (payload) => {
      const id = (payload.new as { gig_id?: unknown }).gig_id;
      if (typeof id === 'string') onTakedown(id);
    });
  }
  channel.subscribe((status, error) => {
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
