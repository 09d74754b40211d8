/**
 * Numbers and dates written the way `Intl` writes them in en-US ("1,234.50", "Apr 8, 2024"),
 * without `Intl`. The first `Intl.NumberFormat` of a page loads the ICU locale data: ~60 ms of
 * main thread on a fast desktop, four times that on a phone, in the middle of the first screen.
 * These cover what the remotes write; anything else (exponent forms, another time zone than the
 * reader's or UTC) falls back to `Intl`, so the text is always the same as before.
 *
 *   formatNumber(1234.5, { minFraction: 2, maxFraction: 2 }) // "1,234.50"
 *   formatDate('2024-04-08T00:00:00Z', { month: 'long', timeZone: 'UTC' }) // "April 8, 2024"
 */

export interface NumberOptions {
  /** Decimals always written (default 0). */
  minFraction?: number;
  /** Decimals at most, rounded half away from zero like Intl (default: 3, as Intl). */
  maxFraction?: number;
}

/** Round the decimal digits `int`.`frac` to `places`, half away from zero, on the digit string. */
function roundDigits(int: string, frac: string, places: number): [string, string] {
  if (frac.length <= places) return [int, frac];
  const digits = (int + frac.slice(0, places)).split('').map(Number);
  if (Number(frac[places]) >= 5) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) digits[i--] = 0;
    if (i < 0) digits.unshift(1);
    else digits[i]! += 1;
  }
  const text = digits.join('');
  return [text.slice(0, text.length - places), text.slice(text.length - places)];
}

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `value` in en-US with thousands separators, as `Intl.NumberFormat('en-US', …)` writes it. */
export function formatNumber(value: number, { minFraction = 0, maxFraction = Math.max(minFraction, 3) }: NumberOptions = {}): string {
  // The shortest decimal form JavaScript gives, which is also what Intl rounds from.
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || text.includes('e')) {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction }).format(value);
  }
  const [rawInt = '0', rawFrac = ''] = text.split('.');
  const [int, rounded] = roundDigits(rawInt, rawFrac, maxFraction);
  let frac = rounded.replace(/0+$/, '');
  if (frac.length < minFraction) frac = frac.padEnd(minFraction, '0');
  // Intl writes the sign of any negative value, even one that rounds to zero (and of -0).
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${group(int.replace(/^0+(?=\d)/, ''))}${frac ? `.${frac}` : ''}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface DateOptions {
  /** "Apr" or "April". */
  month: 'short' | 'long';
  /** Write the day ("Apr 8, 2024"); false gives "April 2024". Default true. */
  day?: boolean;
  /** The reader's zone when absent; 'UTC' or any IANA zone (the latter through Intl). */
  timeZone?: string;
}

/** `date` as en-US `toLocaleDateString` writes it with these options; "" for an invalid date. */
export function formatDate(date: Date, { month, day = true, timeZone }: DateOptions): string {
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone && timeZone !== 'UTC') {
    return date.toLocaleDateString('en-US', { month, year: 'numeric', timeZone, ...(day ? { day: 'numeric' } : {}) });
  }
  const utc = timeZone === 'UTC';
  const m = MONTHS[utc ? date.getUTCMonth() : date.getMonth()]!;
  const name = month === 'short' ? m.slice(0, 3) : m;
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return day ? `${name} ${utc ? date.getUTCDate() : date.getDate()}, ${year}` : `${name} ${year}`;
}

/**
 * Money as the marketplace writes it: "$570" for whole dollars, "$42.75" otherwise (the one money
 * formatter of the remotes that show deals, earnings and receipts).
 */
export function formatMoney(amount: number): string {
  return `$${Number.isInteger(amount) ? formatNumber(amount, { maxFraction: 0 }) : formatNumber(amount, { minFraction: 2, maxFraction: 2 })}`;
}

/** "$570" or "$427.50" from integer cents, the ledger's unit; "-$12" for a negative amount. */
export function formatCents(cents: number): string {
  const c = Math.round(cents);
  return c < 0 ? `-${formatMoney(-c / 100)}` : formatMoney(c / 100);
}
