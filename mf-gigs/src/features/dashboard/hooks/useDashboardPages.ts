import { useCachedPages, type FetchPage } from '@need40/ui';
import { getQueryClient, MEMBER_LISTS } from '@need40/shared';

/** Rows per page of every dashboard list. */
export const DASHBOARD_PAGE = 20;

/** Every dashboard list in the page's query cache is under this key. */
export const DASHBOARD_LISTS = [MEMBER_LISTS, 'dashboard'] as const;

/** The cache key of one dashboard list: a member's gigs, applications or saved gigs, one gig's applicants, or one application (the dashboard opened at it). */
export const dashboardKey = (list: 'my-gigs' | 'my-applications' | 'saved' | 'applicants' | 'application', owner: string) => [...DASHBOARD_LISTS, list, owner] as const;

/**
 * One dashboard list, page by page, through the page's query cache: the dashboard's live channel
 * and its actions update the cached rows or mark a list stale (hooks/useDashboardLive.ts), and a
 * re-read keeps the rows shown meanwhile (no flash of "loading").
 */
export function useDashboardPages<T>(key: ReturnType<typeof dashboardKey>, fetchPage: FetchPage<T>) {
  return useCachedPages(key, fetchPage, { client: getQueryClient(), size: DASHBOARD_PAGE });
}
