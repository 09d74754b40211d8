/**
 * What a money line means to the member reading it: the figure their statement shows, the split a
 * receipt spells out, and the name of the provider. From the line's `parts` (how each kind of
 * ledger account moved: positive when its balance grew), never recomputed from the deal.
 */
import type { MoneyLine, Side } from '../types';

const part = (line: MoneyLine, kind: string) => line.parts[kind] ?? 0;

/**
 * The figure of a line on `side`'s statement. Earnings: what the step changed in what the worker
 * earned (a release: their share; a refund after release: minus what they give back), or what was
 * paid out to them. Spending: the amount that moved.
 */
export function figureOf(line: MoneyLine, side: Side): number {
  if (side === 'spending' || line.kind === 'payout') return line.amountCents;
  return part(line, 'payable') - part(line, 'receivable');
}

export interface SplitLine {
  label: string;
  cents: number;
}

/** The split a receipt shows: to the worker, Need40's fee, back to the payer, held by Need40. */
export function splitOf(line: MoneyLine): SplitLine[] {
  const rows: SplitLine[] = [];
  const payable = part(line, 'payable');
  const fee = part(line, 'fee_revenue');
  const back = part(line, 'refund_due');
  const held = part(line, 'held');
  if (payable > 0) rows.push({ label: 'To the worker', cents: payable });
  if (fee > 0) rows.push({ label: 'Need40 fee (5%)', cents: fee });
  if (fee < 0) rows.push({ label: 'Need40 fee returned', cents: -fee });
  if (back > 0) rows.push({ label: 'Back to the payer', cents: back });
  if (held > 0) rows.push({ label: 'Now held by Need40', cents: held });
  if (held < 0) rows.push({ label: 'Taken from what Need40 held', cents: -held });
  return rows;
}

/** "PayPal (recorded by Need40)" or "Stripe", and the method when one was recorded. */
export function paidThrough(line: MoneyLine): string {
  const provider = line.provider === 'stripe' ? 'Stripe' : line.provider === 'manual' ? 'PayPal (recorded by Need40)' : line.provider === 'legacy' ? 'Recorded before the ledger' : line.provider;
  return line.method ? `${provider}, ${line.method}` : provider;
}
