import { expect, it } from 'vitest';
import { marketErrorText, orThrow } from './marketErrors';

it('shows the database refusal in its own words and a fallback for anything else', () => {
  expect(marketErrorText({ code: '23505', message: 'You have already applied to this gig' }, 'x')).toBe('You have already applied to this gig');
  expect(marketErrorText({ code: 'N4002', message: 'This gig is no longer open for applications' }, 'x')).toBe('This gig is no longer open for applications');
  expect(marketErrorText({ code: 'N4008', message: 'There is no payment to confirm yet' }, 'x')).toBe('There is no payment to confirm yet');
  expect(marketErrorText({ code: '08P01', message: 'protocol violation' }, 'Try again')).toBe('Try again');
  expect(marketErrorText(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
  expect(marketErrorText({ code: 'N4001', message: '  ' }, 'Try again')).toBe('Try again');
  expect(marketErrorText(null, 'Try again')).toBe('Try again');
});

it('orThrow returns the data or throws the error', () => {
  expect(orThrow({ data: [1], error: null })).toEqual([1]);
  expect(() => orThrow({ data: null, error: { code: 'N4004' } })).toThrow();
});
