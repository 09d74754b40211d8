/** How a gig card writes its rate and posted date (docs/product.md, Latest Gigs). */
import type { PaymentType } from '@need40/shared';

const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "$rate/hr" for hourly gigs and "$rate" otherwise. */
export function formatRate(rate: number, paymentType: PaymentType): string {
  const money = `$${dollars.format(rate)}`;
  return paymentType === 'hourly' ? `${money}/hr` : money;
}

/**
 * The posted date as short month, day, year — "Apr 8, 2024".
 * Uses the reader's time zone unless one is given (tests pin 'UTC').
 * Returns "" for a missing or unparseable date rather than "Invalid Date".
 */
export function formatShortDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}
