/** How the profile pages write dates and ratings (money: @need40/ui's formatMoney and formatRate). */
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "March 2024" from an ISO timestamp; null when it is missing or unreadable. */
export function formatMonthYear(iso: string | null | undefined): string | null {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? monthYear.format(date) : null;
}

/** "Mar 5, 2024" from an ISO timestamp; null when it is missing or unreadable. */
export function formatDay(iso: string | null | undefined): string | null {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? day.format(date) : null;
}

/** "4.5 out of 5 (3 reviews)". */
export function formatRating(average: number, count: number): string {
  return `${(Math.round(average * 10) / 10).toFixed(1)} out of 5 (${count} ${count === 1 ? 'review' : 'reviews'})`;
}

/** "No gigs completed yet", "1 gig completed", "12 gigs completed". */
export function formatCompleted(count: number): string {
  return count === 0 ? 'No gigs completed yet' : `${count} ${count === 1 ? 'gig' : 'gigs'} completed`;
}
