import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format';

describe('formatting', () => {
  it('renders the launch badge date in full', () => {
    expect(formatLongDate('2024-04-08')).toBe('April 8, 2024');
  });
});
