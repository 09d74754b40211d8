/**
 * Money in words, one rule for every remote and every email: "$600" for whole dollars, "$25.50"
 * otherwise (two decimals), "-$5" for a negative amount. A value with more than two decimals (an
 * old or foreign row; the database keeps cents) is written in full ("$19.999") rather than rounded
 * into another amount. Without Intl (formatNumber): money is on the first screen, where loading the
 * ICU locale data would be one long task.
 */
import { formatNumber } from './format';

/** Decimal places of `n` as JavaScript writes it shortest (19.999 → 3); exponent forms count as many. */
function decimals(n: number): number {
  const text = String(Math.abs(n));
  if (text.includes('e')) return 20;
  return text.split('.')[1]?.length ?? 0;
}

/** `formatMoney(600)` → "$600", `formatMoney(1234.5)` → "$1,234.50", `formatMoney(-5)` → "-$5". */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const places = decimals(abs);
  const number = places === 0 ? formatNumber(abs, { maxFraction: 0 }) : formatNumber(abs, { minFraction: 2, maxFraction: Math.max(2, Math.min(places, 20)) });
  return `${sign}$${number}`;
}

/** Integer cents, the ledger's unit: `formatCents(42750)` → "$427.50"; null or undefined is $0. */
export function formatCents(cents: number | string | null | undefined): string {
  return formatMoney(Math.round(Number(cents ?? 0)) / 100);
}

/** A gig's rate: "$45/hr" for an hourly gig, "$600" for a fixed one. */
export function formatRate(rate: number, paymentType: 'hourly' | 'fixed' | string): string {
  const money = formatMoney(rate);
  return paymentType === 'hourly' ? `${money}/hr` : money;
}
