import { describe, expect, it } from 'vitest';
import { matchesFilters } from './matchesFilters';

const row = { title: 'Logo Design', payment_type: 'fixed', location: 'remote', rate: 600, skills: ['Figma', 'Branding'] };

describe('matchesFilters', () => {
  it('passes every row when no filter is set', () => {
    expect(matchesFilters(row, {})).toBe(true);
    expect(matchesFilters({}, {})).toBe(true);
  });

  it('reads each filter as the grid query does', () => {
    expect(matchesFilters(row, { search: 'logo' })).toBe(true);
    expect(matchesFilters(row, { search: 'plumbing' })).toBe(false);
    expect(matchesFilters(row, { paymentType: 'hourly' })).toBe(false);
    expect(matchesFilters(row, { location: 'remote' })).toBe(true);
    expect(matchesFilters(row, { location: 'onsite' })).toBe(false);
    expect(matchesFilters(row, { minRate: 600, maxRate: 600 })).toBe(true);
    expect(matchesFilters(row, { minRate: 601 })).toBe(false);
    expect(matchesFilters(row, { maxRate: 599 })).toBe(false);
    expect(matchesFilters(row, { skills: ['Figma'] })).toBe(true);
    expect(matchesFilters(row, { skills: ['Figma', 'React'] })).toBe(false);
  });

  it('a row without the filtered column does not pass', () => {
    expect(matchesFilters({ title: 'x' }, { minRate: 1 })).toBe(false);
    expect(matchesFilters({ title: 'x' }, { skills: ['Figma'] })).toBe(false);
  });
});
