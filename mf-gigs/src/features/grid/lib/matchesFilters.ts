import type { Tables } from '@need40/shared';
import type { GigFilters } from '../types';

/**
 * A public.gigs record as Realtime delivers it: the columns of the generated row, each checked here
 * before use (a change record is not a typed read).
 */
export type GigFilterRow = Partial<Record<keyof Tables<'gigs'>, unknown>>;

/**
 * Whether a gig row passes the grid's filters, mirroring fetchGigs' query (title contains the
 * search ignoring case, equal payment type and location, rate within bounds, every chosen skill).
 * Used to count only the new gigs that "show" would really bring in.
 */
export function matchesFilters(row: GigFilterRow, filters: GigFilters): boolean {
  const title = typeof row.title === 'string' ? row.title : '';
  if (filters.search && !title.toLowerCase().includes(filters.search.toLowerCase())) return false;
  if (filters.paymentType && row.payment_type !== filters.paymentType) return false;
  if (filters.location && row.location !== filters.location) return false;
  const rate = Number(row.rate);
  if (filters.minRate !== undefined && !(rate >= filters.minRate)) return false;
  if (filters.maxRate !== undefined && !(rate <= filters.maxRate)) return false;
  if (filters.skills?.length) {
    const skills = Array.isArray(row.skills) ? row.skills : [];
    if (!filters.skills.every((s) => skills.includes(s))) return false;
  }
  return true;
}
