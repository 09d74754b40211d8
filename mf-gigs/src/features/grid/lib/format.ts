/**
 * How a gig card writes its rate and posted date (docs/product.md, Latest Gigs). Without Intl
 * (@need40/ui's formatters): the cards are on the first screen, where loading the ICU locale data
 * would be one long task.
 */
import type { PaymentType } from '@need40/shared';
import { formatDate, formatNumber } from '@need40/ui';

/** Decimal places of `n` as JavaScript writes it shortest (19.999 → 3); exponent forms count as many. */
function decimals(n: number): number {
  const text = String(Math.abs(n));
  if (text.includes('e')) return 20;
  return text.split('.')[1]?.length ?? 0;
}

/**
 * "$45", "$25.50", "$1,234.50": whole dollars without cents, otherwise exactly two decimals. The
 * database keeps two decimals at most; a value with more (an old or foreign row) is written in
 * full ("$19.999") rather than rounded into a different amount.
 */
export function formatMoney(amount: number): string {
  const places = decimals(amount);
  if (places === 0) return `$${formatNumber(amount, { maxFraction: 0 })}`;
  return `$${formatNumber(amount, { minFraction: 2, maxFraction: Math.max(2, Math.min(places, 20)) })}`;
}

/** "$rate/hr" for hourly gigs and "$rate" otherwise. */
export function formatRate(rate: number, paymentType: PaymentType): string {
  const money = formatMoney(rate);
  return paymentType === 'hourly' ? `${money}/hr` : money;
}

/**
 * The posted date as short month, day, year — "Apr 8, 2024".
 * Uses the reader's time zone unless one is given (tests pin 'UTC').
 * Returns "" for a missing or unparseable date rather than "Invalid Date".
 */
export function formatShortDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '';
  return formatDate(typeof value === 'string' ? new Date(value) : value, { month: 'short', timeZone });
}
