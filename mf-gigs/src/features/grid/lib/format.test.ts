import { describe, expect, it } from 'vitest';
import { formatShortDate } from './format';

describe('gig card formatting', () => {
  it('renders the posted date as short month, day, year', () => {
    expect(formatShortDate('2024-04-08T12:00:00Z', 'UTC')).toBe('Apr 8, 2024');
    expect(formatShortDate('2026-11-22T23:59:59Z', 'UTC')).toBe('Nov 22, 2026');
  });

  it('renders nothing rather than "Invalid Date" for a missing or bad date', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('not a date')).toBe('');
  });
});
