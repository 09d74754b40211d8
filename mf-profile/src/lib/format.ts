/** How the profile pages write money, dates and ratings. */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "$90/hr", "$25.50/hr": whole amounts stay whole, others always show two decimals. */
export function formatHourlyRate(rate: number): string {
  return `${formatMoney(rate)}/hr`;
}

/** "$600", "$25.50". */
export function formatMoney(amount: number): string {
  return `$${Number.isInteger(amount) ? whole.format(amount) : cents.format(amount)}`;
}

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
