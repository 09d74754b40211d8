import type { GigFilters } from '../types';

/** The columns of a public.gigs row that the grid's filters read (a postgres_changes record). */
export interface GigFilterRow {
  title?: unknown;
  payment_type?: unknown;
  location?: unknown;
  rate?: unknown;
  skills?: unknown;
}

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
