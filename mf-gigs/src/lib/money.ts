/**
 * The Need40 split of any amount: the worker keeps WORKER_SHARE_PERCENT, the platform fee is
 * PLATFORM_FEE_PERCENT rounded to the cent and the worker keeps the rest — the way the database
 * computes an accepted application's split, so the gig page never promises another figure.
 */
import { PLATFORM_FEE_PERCENT } from '@need40/shared';
import { formatNumber } from '@need40/ui';

export interface Split {
  worker: number;
  fee: number;
}

export function splitOf(amount: number): Split {
  const cents = Math.round(amount * 100);
  const feeCents = Math.round((cents * PLATFORM_FEE_PERCENT) / 100);
  return { worker: (cents - feeCents) / 100, fee: feeCents / 100 };
}

/** "$570" for whole dollars, "$42.75" otherwise (without Intl: no ICU load on the first screen). */
export function formatMoney(amount: number): string {
  return `$${Number.isInteger(amount) ? formatNumber(amount, { maxFraction: 0 }) : formatNumber(amount, { minFraction: 2, maxFraction: 2 })}`;
}

/** "$570" or "$427.50" from integer cents, the ledger's unit. */
export function formatCents(cents: number): string {
  return formatMoney(Math.round(cents) / 100);
}
