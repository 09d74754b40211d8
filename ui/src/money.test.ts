import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, formatRate } from './money';

describe('formatMoney', () => {
  it('writes whole dollars without cents and anything else with two decimals', () => {
    expect(formatMoney(600)).toBe('$600');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.01)).toBe('$0.01');
    expect(formatMoney(1000000)).toBe('$1,000,000');
    expect(formatMoney(999999.99)).toBe('$999,999.99');
  });

  it('puts the sign before the dollar sign', () => {
    expect(formatMoney(-5)).toBe('-$5');
    expect(formatMoney(-427.5)).toBe('-$427.50');
  });

  it('never rounds an amount into another one (19.999 is not "$20")', () => {
    expect(formatMoney(19.999)).toBe('$19.999');
  });
});

describe('formatCents', () => {
  it('reads integer cents, as the ledger and the emails carry them', () => {
    expect(formatCents(57000)).toBe('$570');
    expect(formatCents(42750)).toBe('$427.50');
    expect(formatCents('3000')).toBe('$30');
    expect(formatCents(null)).toBe('$0');
    expect(formatCents(-150)).toBe('-$1.50');
  });
});

describe('formatRate', () => {
  it('adds /hr to an hourly rate only', () => {
    expect(formatRate(45, 'hourly')).toBe('$45/hr');
    expect(formatRate(25.5, 'hourly')).toBe('$25.50/hr');
    expect(formatRate(600, 'fixed')).toBe('$600');
  });
});
