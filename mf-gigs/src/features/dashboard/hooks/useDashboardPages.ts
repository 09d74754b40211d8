import { usePages, type FetchPage } from '@need40/ui';
import { useDashboardVersion } from './useDashboardLive';

/** Rows per page of every dashboard list. */
export const DASHBOARD_PAGE = 20;

/**
 * One dashboard list, page by page. The dashboard's live channel bumps a version when its data
 * changed (and a list may have a `refresh` of its own); the list then reads what it shows again
 * (no flash of "loading").
 */
export function useDashboardPages<T>(key: string, fetchPage: FetchPage<T>, refresh = 0) {
  const live = useDashboardVersion();
  return usePages(key, fetchPage, { size: DASHBOARD_PAGE, refresh: `${live}:${refresh}` });
}
