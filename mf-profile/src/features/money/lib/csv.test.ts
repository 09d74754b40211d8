import { expect, it } from 'vitest';
import type { MoneyLine } from '../types';
import { csvName, decimal, statementCsv } from './csv';
import { figureOf } from './lines';

const line = (over: Partial<MoneyLine>): MoneyLine => ({
  id: 1, createdAt: '2026-11-23T12:00:00Z', kind: 'release', pending: false, applicationId: 'a', gigId: 'g', gigTitle: 'Fence', amountCents: 60000,
  parts: { held: -60000, payable: 57000, fee_revenue: 3000 }, provider: 'manual', reference: null, method: null, payerName: 'P', payeeName: 'W', ...over,
});

it('writes cents as plain decimals', () => {
  expect([decimal(57000), decimal(42750), decimal(5), decimal(-150), decimal(0)]).toEqual(['570.00', '427.50', '0.05', '-1.50', '0.00']);
});

it('quotes what needs quoting and never lets a spreadsheet run a gig title as a formula', () => {
  const csv = statementCsv([line({ gigTitle: 'Paint, "twice"\nplease' }), line({ id: 2, gigTitle: '=HYPERLINK("x")', pending: true, kind: 'funding' })], 'spending');
  const rows = csv.split('\r\n');
  expect(rows[0]).toBe('Date (UTC),Receipt no.,Step,Gig,Amount,Your part,To the worker,Need40 fee,Back to the payer,Paid through,Reference,Status');
  expect(csv).toContain('"Paint, ""twice""\nplease"');
  expect(csv).toContain(`,"'=HYPERLINK(""x"")",`);
  expect(csv).toContain('Payment announced, not yet confirmed');
  expect(csv.endsWith('Announced\r\n')).toBe(true);
  expect(csvName('spending', new Date('2026-11-26T23:00:00Z'))).toBe('need40-spending-2026-11-26.csv');
});

it('the earnings figure is the worker\'s part: their share of a release, a payout in full, minus what a refund takes back', () => {
  expect(figureOf(line({}), 'earnings')).toBe(57000);
  expect(figureOf(line({ kind: 'payout', amountCents: 57000, parts: { payable: -57000 } }), 'earnings')).toBe(57000);
  expect(figureOf(line({ kind: 'refund_after_release', parts: { payable: -20000, receivable: 37000, fee_revenue: -3000, refund_due: 60000 } }), 'earnings')).toBe(-57000);
  expect(figureOf(line({}), 'spending')).toBe(60000);
});
