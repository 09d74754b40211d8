import { describe, expect, it } from 'vitest';
import { formatRate, formatShortDate } from './format';

describe('gig card formatting', () => {
  it('renders "$rate/hr" for hourly and "$rate" otherwise', () => {
    expect(formatRate(45, 'hourly')).toBe('$45/hr');
    expect(formatRate(600, 'fixed')).toBe('$600');
    expect(formatRate(1234.5, 'fixed')).toBe('$1,234.50');
  });

  it('writes cents with two decimals and whole amounts without them', () => {
    expect(formatRate(25.5, 'hourly')).toBe('$25.50/hr');
    expect(formatRate(0.01, 'hourly')).toBe('$0.01/hr');
    expect(formatRate(1000000, 'fixed')).toBe('$1,000,000');
    expect(formatRate(999999.99, 'fixed')).toBe('$999,999.99');
  });

  it('never rounds a rate into another amount (19.999 is not "$20/hr")', () => {
    expect(formatRate(19.999, 'hourly')).toBe('$19.999/hr');
    expect(formatRate(19.99, 'hourly')).toBe('$19.99/hr');
  });

  it('renders the posted date as short month, day, year', () => {
    expect(formatShortDate('2024-04-08T12:00:00Z', 'UTC')).toBe('Apr 8, 2024');
    expect(formatShortDate('2026-11-22T23:59:59Z', 'UTC')).toBe('Nov 22, 2026');
  });

  it('renders nothing rather than "Invalid Date" for a missing or bad date', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('not a date')).toBe('');
  });
});
