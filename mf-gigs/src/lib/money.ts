/**
 * The Need40 split of any amount: the worker keeps WORKER_SHARE_PERCENT, the platform fee is
 * PLATFORM_FEE_PERCENT rounded to the cent and the worker keeps the rest — the way the database
 * computes an accepted application's split, so the gig page never promises another figure.
 */
import { PLATFORM_FEE_PERCENT } from '@need40/shared';

export interface Split {
  worker: number;
  fee: number;
}

export function splitOf(amount: number): Split {
  const cents = Math.round(amount * 100);
  const feeCents = Math.round((cents * PLATFORM_FEE_PERCENT) / 100);
  return { worker: (cents - feeCents) / 100, fee: feeCents / 100 };
}

/** The money formatters live in @need40/ui (one for every remote that shows money). */
export { formatCents, formatMoney } from '@need40/ui';
