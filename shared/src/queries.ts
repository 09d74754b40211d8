/**
 * The page's one query cache (TanStack Query), shared by the shell and every remote as the kernel
 * is: a list one remote reads, another remote can refresh or update in place. Lists read through
 * it; a live change or an action updates the cached rows (setQueryData) or marks one list stale
 * (invalidateQueries) instead of each list re-reading on its own.
 *
 * Keys start with what they list, so a change can reach every list of a kind:
 *   [GIG_LISTS, …]     the open gigs (the grid, under its filters): public
 *   [MEMBER_LISTS, …]  one member's own rows (dashboard lists): dropped when the member changes
 */
import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session';

export const GIG_LISTS = 'gigs';
export const MEMBER_LISTS = 'member';

let client: QueryClient | null = null;

/**
 * The page's QueryClient. No retry (a failed read shows its error with Try again at once), no
 * re-read on window focus or reconnect (live channels and actions keep the lists current, and
 * each channel catches up after a rejoin); a list mounted again re-reads, showing its rows meanwhile.
 */
export function getQueryClient(): QueryClient {
  if (!client) {
    const made = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } } });
    // Another member (or none) on this page: the previous member's rows leave memory.
    sessionStore.subscribe((now, before) => {
      if (now.user?.id !== before.user?.id) made.removeQueries({ queryKey: [MEMBER_LISTS] });
    });
    client = made;
  }
  return client;
}

/** Every list of open gigs reads again when next shown (now, for those on the page). */
export function invalidateGigLists(): void {
  void getQueryClient().invalidateQueries({ queryKey: [GIG_LISTS] });
}
