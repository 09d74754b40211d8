/**
 * In-page addresses of the marketplace (the page has no router; the shell reads the hash):
 * a gig's page `#gig/<id>`, a member's public profile `#profile/<id>`, the dashboard `#dashboard`.
 */
export const gigHref = (id: string) => `#gig/${encodeURIComponent(id)}`;
export const profileHref = (id: string) => `#profile/${encodeURIComponent(id)}`;
export const DASHBOARD_HREF = '#dashboard';
export const GRID_HREF = '#gigs';

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
