/**
 * A member's money, read through the database functions that answer it from the ledger
 * (docs/payments.md, "What members read"): their balances (`my_money`), their statement of
 * earnings or spending, newest first and paged by transaction id (`money_statement`), and one
 * receipt (`receipt`). Only the member's own money: the functions read the caller from the token.
 */
import { errorMessage, getSupabase, type Database } from '@need40/shared';
import { isNetworkFailure, NETWORK_MESSAGE } from '../../../lib/network';
import type { Balances, MoneyLine, Side } from '../types';

type Fns = Database['public']['Functions'];
type LineRow = Fns['money_statement']['Returns'][number];
type Num = number | string | null | undefined;

/** Lines a statement page asks for; the CSV export reads pages of the database's maximum. */
export const PAGE_LINES = 20;
const EXPORT_PAGE = 1000;
/** At most this many lines go into one CSV file (bounded memory in the browser). */
export const EXPORT_MAX = 50_000;

const cents = (v: Num) => (v === null || v === undefined ? 0 : Number(v));

function failure(error: unknown, status: number, fallback: string): Error {
  if ((error as { code?: unknown } | null)?.code === 'PT404') return new Error('This receipt does not exist, or it is not yours.');
  return new Error(isNetworkFailure(error, status) ? NETWORK_MESSAGE : errorMessage(error, fallback));
}

export function lineFromRow(row: LineRow): MoneyLine {
  return {
    id: Number(row.transaction_id),
    createdAt: row.created_at,
    kind: row.kind,
    pending: row.pending,
    applicationId: row.application_id,
    gigId: row.gig_id,
    gigTitle: row.gig_title,
    amountCents: cents(row.amount_cents),
    parts: Object.fromEntries(Object.entries((row.parts ?? {}) as Record<string, Num>).map(([k, v]) => [k, cents(v)])),
    provider: row.provider,
    reference: row.reference,
    method: row.method,
    payerName: row.payer_name,
    payeeName: row.payee_name,
  };
}

export async function fetchBalances(): Promise<Balances> {
  const { data, error, status } = await getSupabase().rpc('my_money');
  if (error) throw failure(error, status, 'Your money could not be loaded.');
  const row = data?.[0];
  return {
    earningsPending: cents(row?.earnings_pending_cents),
    earningsAvailable: cents(row?.earnings_available_cents),
    earningsPaidOut: cents(row?.earnings_paid_out_cents),
    owedBack: cents(row?.owed_back_cents),
    spendingAnnounced: cents(row?.spending_announced_cents),
    spendingHeld: cents(row?.spending_held_cents),
    spendingReleased: cents(row?.spending_released_cents),
    refundDue: cents(row?.refund_due_cents),
    refunded: cents(row?.refunded_cents),
    credit: cents(row?.credit_cents),
  };
}

/** One page of `side`'s statement, newest first, before the line `before` (a transaction id). */
export async function fetchStatement(side: Side, before: number | null, limit = PAGE_LINES): Promise<MoneyLine[]> {
  const { data, error, status } = await getSupabase().rpc('money_statement', { p_side: side, p_limit: limit, ...(before === null ? {} : { p_before: before }) });
  if (error) throw failure(error, status, 'Your statement could not be loaded.');
  return (data ?? []).map(lineFromRow);
}

/** Every line of `side`'s statement (up to EXPORT_MAX), page by page, for the CSV export. */
export async function fetchWholeStatement(side: Side): Promise<MoneyLine[]> {
  const lines: MoneyLine[] = [];
  for (;;) {
    const page = await fetchStatement(side, lines.length ? lines[lines.length - 1]!.id : null, EXPORT_PAGE);
    lines.push(...page);
    if (page.length < EXPORT_PAGE || lines.length >= EXPORT_MAX) return lines.slice(0, EXPORT_MAX);
  }
}

export async function fetchReceipt(transactionId: number): Promise<MoneyLine> {
  const { data, error, status } = await getSupabase().rpc('receipt', { p_transaction_id: transactionId });
  if (error) throw failure(error, status, 'This receipt could not be loaded.');
  const row = data?.[0];
  if (!row) throw new Error('This receipt does not exist, or it is not yours.');
  return lineFromRow(row);
}
