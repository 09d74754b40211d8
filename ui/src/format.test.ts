import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatMoney, formatNumber } from './format';

const intl = (value: number, min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

describe('formatNumber writes what Intl writes in en-US', () => {
  it('whole amounts, cents and thousands', () => {
    expect(formatNumber(600, { maxFraction: 2 })).toBe('600');
    expect(formatNumber(1234.5, { maxFraction: 2 })).toBe('1,234.5');
    expect(formatNumber(25.5, { minFraction: 2, maxFraction: 2 })).toBe('25.50');
    expect(formatNumber(1_000_000)).toBe('1,000,000');
    expect(formatNumber(19.999, { minFraction: 2, maxFraction: 3 })).toBe('19.999');
  });

  it('rounds half away from zero from the shortest decimal form (1.005 → 1.01, 9.995 → 10)', () => {
    for (const [v, text] of [[1.005, '1.01'], [9.995, '10'], [0.125, '0.13'], [-2.5, '-3'], [-0.001, '-0']] as const) {
      const [min, max] = Number.isInteger(Number(text)) ? [0, 0] : [2, 2];
      expect(formatNumber(v, { minFraction: min, maxFraction: max })).toBe(intl(v, min, max));
    }
  });

  it('matches Intl on many values and option pairs', () => {
    const values = [0, -0, 0.1, 0.5, 1.5, 2.675, 12.345, 999.995, 1e21, 1e-7, 123456789.125, -45.555, 0.0005, 99999.9999];
    for (let i = 0; i < 400; i += 1) values.push(Math.round((Math.random() - 0.3) * 10 ** (1 + (i % 9)) * 1000) / 10 ** (i % 5));
    for (const v of values) {
      for (const [min, max] of [[0, 0], [0, 2], [2, 2], [0, 3], [2, 20]] as const) {
        expect(formatNumber(v, { minFraction: min, maxFraction: max }), `${v} ${min}-${max}`).toBe(intl(v, min, max));
      }
    }
  });

  it('defaults like Intl (at most three decimals)', () => {
    expect(formatNumber(2000.12345)).toBe(new Intl.NumberFormat('en-US').format(2000.12345));
  });
});

describe('formatDate writes what toLocaleDateString writes in en-US', () => {
  const dates = ['2024-04-08T00:00:00Z', '2026-11-23T23:30:00Z', '2025-09-01T12:00:00Z', '1999-12-31T23:59:59Z'].map((d) => new Date(d));
  it.each(['UTC', undefined, 'America/New_York', 'Asia/Tokyo'])('in %s', (timeZone) => {
    for (const date of dates) {
      expect(formatDate(date, { month: 'short', timeZone })).toBe(date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }));
      expect(formatDate(date, { month: 'long', timeZone })).toBe(date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }));
      expect(formatDate(date, { month: 'long', day: false, timeZone })).toBe(date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone }));
    }
  });

  it('an invalid date gives ""', () => {
    expect(formatDate(new Date('nope'), { month: 'short' })).toBe('');
  });
});

describe('money', () => {
  it('writes whole dollars without cents and other amounts with two decimals', () => {
    expect(formatMoney(570)).toBe('$570');
    expect(formatMoney(1200)).toBe('$1,200');
    expect(formatMoney(42.5)).toBe('$42.50');
  });

  it('writes the ledger\'s integer cents, negative ones with a leading minus', () => {
    expect(formatCents(57000)).toBe('$570');
    expect(formatCents(42750)).toBe('$427.50');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1500)).toBe('-$15');
    expect(formatCents(0)).toBe('$0');
  });
});
