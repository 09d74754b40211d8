/** Formatting shared by every remote: money, rates and the spec's short date. */
import type { PaymentType } from './types';

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `formatMoney(600)` → "$600", `formatMoney(1234.5)` → "$1,234.5". */
export function formatMoney(amount: number): string {
  return `$${wholeDollars.format(amount)}`;
}

/** SPEC §3: "$rate/hr" for hourly gigs and "$rate" otherwise. */
export function formatRate(rate: number, paymentType: PaymentType): string {
  return paymentType === 'hourly' ? `${formatMoney(rate)}/hr` : formatMoney(rate);
}

/**
 * SPEC §3: the posted date as short month, day, year — "Apr 8, 2024".
 * Uses the reader's time zone unless one is given (tests pin 'UTC').
 * Returns "" for a missing or unparseable date rather than "Invalid Date".
 */
export function formatShortDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** The launch badge's long form: "April 8, 2024". Date-only ISO strings are read as UTC. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
