import { expect, it } from 'vitest';
import { formatDay, formatMonth, todayIso } from './dates';

it('writes a day and a month, and nothing for a missing or unreadable date', () => {
  expect(formatDay('2024-04-08T12:00:00Z', 'UTC')).toBe('Apr 8, 2024');
  expect(formatMonth('2024-04-08T12:00:00Z', 'UTC')).toBe('April 2024');
  expect(formatDay(null)).toBe('');
  expect(formatMonth('not a date')).toBe('');
});

it('gives today as an ISO day', () => {
  expect(todayIso(new Date())).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});
