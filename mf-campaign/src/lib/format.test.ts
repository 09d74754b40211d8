import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMoney } from './format';

describe('formatting', () => {
  it('renders money in whole dollars', () => {
    expect(formatMoney(600)).toBe('$600');
    expect(formatMoney(570)).toBe('$570');
    expect(formatMoney(1234.5)).toBe('$1,234.5');
  });

  it('renders the launch badge date in full', () => {
    expect(formatLongDate('2024-04-08')).toBe('April 8, 2024');
  });
});
