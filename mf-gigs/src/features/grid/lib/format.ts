/**
 * How a gig card writes its posted date (docs/product.md, Latest Gigs; the rate is @need40/ui's
 * formatRate). Without Intl (@need40/ui's formatters): the cards are on the first screen, where
 * loading the ICU locale data would be one long task.
 */
import { formatDate } from '@need40/ui';

/**
 * The posted date as short month, day, year — "Apr 8, 2024".
 * Uses the reader's time zone unless one is given (tests pin 'UTC').
 * Returns "" for a missing or unparseable date rather than "Invalid Date".
 */
export function formatShortDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '';
  return formatDate(typeof value === 'string' ? new Date(value) : value, { month: 'short', timeZone });
}
