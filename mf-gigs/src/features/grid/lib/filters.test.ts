import { describe, expect, it } from 'vitest';
import { draftFromQuery, emptyDraft, hasFilters, toGigFilters, writeDraftToParams } from './filters';

describe('grid filters', () => {
  it('reads every filter from the query string and drops unknown values', () => {
    expect(draftFromQuery('?q=logo&type=fixed&location=remote&min=100&max=900&skills=figma,branding&other=1')).toEqual({
      search: 'logo', paymentType: 'fixed', location: 'remote', minRate: '100', maxRate: '900', skills: 'figma,branding',
    });
    expect(draftFromQuery('?type=weekly&location=moon')).toEqual(emptyDraft());
  });

  it('writes set filters, removes empty ones and keeps other parameters', () => {
    const params = new URLSearchParams('other=1&q=old&max=5');
    writeDraftToParams(params, { ...emptyDraft(), search: ' logo ', location: 'hybrid' });
    expect(params.toString()).toBe('other=1&q=logo&location=hybrid');
  });

  it('sends only filters that are set and make sense; skills become a trimmed list', () => {
    expect(toGigFilters(emptyDraft())).toEqual({});
    expect(hasFilters(toGigFilters(emptyDraft()))).toBe(false);
    expect(
      toGigFilters({ search: '  logo ', paymentType: 'hourly', location: 'onsite', minRate: '0', maxRate: '50.5', skills: ' figma , , branding' }),
    ).toEqual({ search: 'logo', paymentType: 'hourly', location: 'onsite', minRate: 0, maxRate: 50.5, skills: ['figma', 'branding'] });
    expect(toGigFilters({ ...emptyDraft(), minRate: 'abc', maxRate: '-3' })).toEqual({});
  });
});
