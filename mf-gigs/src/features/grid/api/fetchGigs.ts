import { gigFromRow } from '../lib/gigFromRow';
import { type Gig, type GigFilters } from '../types';
import { gigsQuery } from './gigsQuery';

/** Cards per request: the first page and every "Load more". */
export const PAGE_SIZE = 12;

export interface GigPage {
  gigs: Gig[];
  /** Rows matching the filters in all (from `count: 'exact'`). */
  total: number;
}

/** `%` and `_` typed by a person are literal text, not LIKE wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of open gigs (filled and closed ones leave the grid), newest first, with the poster's
 * display name, username, avatar and average rating (docs/product.md, calls).
 * Filters left undefined are not sent. Throws the backend's error.
 */
/** Dollars as cents without binary noise (0.29 * 100 is 28.999…). */
const centsOf = (dollars: number) => Number((dollars * 100).toFixed(6));

export async function fetchGigs(filters: GigFilters, offset = 0, limit = PAGE_SIZE): Promise<GigPage> {
  let query = gigsQuery().eq('status', 'active').order('created_at', { ascending: false });
  if (filters.search) query = query.ilike('title', `%${likeLiteral(filters.search)}%`);
  if (filters.paymentType) query = query.eq('payment_type', filters.paymentType);
  if (filters.location) query = query.eq('location', filters.location);
  // rate_cents, not rate: integer comparisons keep the planner's statistics and indexes under the
  // gigs' row-level security, numeric ones do not (migration 20250124000000_gigs_rate_cents.sql).
  if (filters.minRate !== undefined) query = query.gte('rate_cents', Math.ceil(centsOf(filters.minRate)));
  if (filters.maxRate !== undefined) query = query.lte('rate_cents', Math.floor(centsOf(filters.maxRate)));
  if (filters.skills?.length) query = query.contains('skills', filters.skills);

  const { data, error, count } = await query.range(offset, offset + limit - 1);
  if (error) throw error;
  const rows = data ?? [];
  return { gigs: rows.map(gigFromRow), total: count ?? offset + rows.length };
}
