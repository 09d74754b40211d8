/**
 * In-page addresses of the marketplace, from the kernel's one address contract (HREF, which the
 * shell reads back): a gig's page, a member's public profile, the dashboard, the grid.
 */
import { HREF } from '@need40/shared';

export const gigHref = HREF.gig;
export const profileHref = HREF.profile;
export const receiptHref = HREF.receipt;
export const DASHBOARD_HREF = HREF.dashboard;
export const GRID_HREF = HREF.gigs;

/** Set when a gig page is opened from this page (a card, the dashboard), so Back can be a real Back. */
let openedInPage = false;

export function markOpenedInPage(): void {
  openedInPage = true;
}

/**
 * "Back to gigs": after an in-page visit it is the browser's Back (the shell then restores the grid
 * where the person was); on a fresh load of `#gig/<id>` it is a plain link to the grid.
 */
export function goBack(event: { preventDefault(): void }): void {
  if (!openedInPage) return;
  openedInPage = false;
  event.preventDefault();
  window.history.back();
}
