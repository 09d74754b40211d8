import { describe, expect, it } from 'vitest';
import { filterErrors, parseAmount } from './filterErrors';
import { emptyDraft, hasTyped, toGigFilters, writeDraftToParams } from './filters';

describe('rate filter checks', () => {
  it('accepts empty and plain amounts', () => {
    expect(filterErrors({ minRate: '', maxRate: '' })).toEqual({});
    expect(filterErrors({ minRate: '0', maxRate: '25.50' })).toEqual({});
    expect(filterErrors({ minRate: '20', maxRate: '20' })).toEqual({});
  });

  it('names a negative rate, text that is not a number, and a min above the max', () => {
    expect(filterErrors({ minRate: '-5', maxRate: '' })).toEqual({ minRate: "Min rate can't be negative" });
    expect(filterErrors({ minRate: '', maxRate: 'lots' })).toEqual({ maxRate: 'Max rate must be a number, like 25 or 25.50' });
    expect(filterErrors({ minRate: '1e3', maxRate: '0x10' })).toEqual({
      minRate: 'Min rate must be a number, like 25 or 25.50',
      maxRate: 'Max rate must be a number, like 25 or 25.50',
    });
    expect(filterErrors({ minRate: '90', maxRate: '20' })).toEqual({ maxRate: 'Max rate must be at least the min rate' });
  });

  it('sends and writes to the URL only the valid values', () => {
    const draft = { ...emptyDraft(), minRate: '-5', maxRate: '40', skills: 'React' };
    expect(toGigFilters(draft)).toEqual({ maxRate: 40, skills: ['React'] });
    const params = new URLSearchParams('min=-5');
    writeDraftToParams(params, draft);
    expect(params.toString()).toBe('max=40&skills=React');
  });

  it('counts anything typed, even an invalid or blank-looking value, as something Clear filters can clear', () => {
    expect(hasTyped(emptyDraft())).toBe(false);
    expect(hasTyped({ ...emptyDraft(), minRate: '-5' })).toBe(true);
    expect(hasTyped({ ...emptyDraft(), search: ' ' })).toBe(true);
    expect(parseAmount(' 12.5 ')).toBe(12.5);
  });
});
