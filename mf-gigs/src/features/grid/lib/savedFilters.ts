/**
 * A saved search's filters (GigFilters, as the database keeps them) back to the grid's inputs, and
 * the name suggested for them. Only the saved-searches chunk imports this: a visitor never loads it.
 */
import type { GigFilters } from '../types';
import type { FilterDraft } from './filters';

/** The inputs that give `filters` again (a saved search applied to the grid). */
export function draftFromFilters(filters: GigFilters): FilterDraft {
  return {
    search: filters.search ?? '',
    paymentType: filters.paymentType ?? '',
    location: filters.location ?? '',
    minRate: filters.minRate === undefined ? '' : String(filters.minRate),
    maxRate: filters.maxRate === undefined ? '' : String(filters.maxRate),
    skills: filters.skills?.join(', ') ?? '',
  };
}

/** A name for a search from what it filters: "logo · fixed · remote · $100–$900 · figma, branding". */
export function describeFilters(filters: GigFilters): string {
  const rate =
    filters.minRate !== undefined && filters.maxRate !== undefined
      ? `$${filters.minRate}–$${filters.maxRate}`
      : filters.minRate !== undefined
        ? `from $${filters.minRate}`
        : filters.maxRate !== undefined
          ? `up to $${filters.maxRate}`
          : '';
  return [filters.search, filters.paymentType, filters.location, rate, filters.skills?.join(', ')].filter(Boolean).join(' · ').slice(0, 80);
}
