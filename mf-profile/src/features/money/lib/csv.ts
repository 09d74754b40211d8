/**
 * A statement as a CSV file, built in the browser from the statement's lines (RFC 4180: fields with
 * a comma, quote or line break are quoted, quotes doubled; CRLF line ends). Amounts are plain
 * decimals ("570.00") for a spreadsheet to sum; a text field that a spreadsheet would run as a
 * formula (starting with = + - @ or a tab) is written with a leading apostrophe.
 */
import { moneyStepName } from '@need40/shared';
import type { MoneyLine, Side } from '../types';
import { figureOf, paidThrough } from './lines';

const HEADER = ['Date (UTC)', 'Receipt no.', 'Step', 'Gig', 'Amount', 'Your part', 'To the worker', 'Need40 fee', 'Back to the payer', 'Paid through', 'Reference', 'Status'];

/** Integer cents as a decimal with two places: 57000 → "570.00", -150 → "-1.50". */
export function decimal(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function field(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function statementCsv(lines: readonly MoneyLine[], side: Side): string {
  const rows = lines.map((l) => [
    new Date(l.createdAt).toISOString(),
    String(l.id),
    field(moneyStepName(l.kind, l.pending)),
    field(l.gigTitle ?? ''),
    decimal(l.amountCents),
    decimal(figureOf(l, side)),
    decimal(Math.max(l.parts.payable ?? 0, 0)),
    decimal(l.parts.fee_revenue ?? 0),
    decimal(Math.max(l.parts.refund_due ?? 0, 0)),
    field(paidThrough(l)),
    field(l.reference ?? ''),
    l.pending ? 'Announced' : 'Confirmed',
  ]);
  return [HEADER, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n';
}

/** The file name of a download: "need40-earnings-2026-11-26.csv". */
export function csvName(side: Side, now: Date): string {
  return `need40-${side}-${now.toISOString().slice(0, 10)}.csv`;
}
