import { getSupabase, type QueryRow } from '@need40/shared';
import { GIG_SPLIT } from '../../../lib/gig';

/**
 * The grid's read: every column of a gig and its split as the database computes it, with the
 * poster's display name, username, avatar and average rating (docs/product.md, calls). The row type follows from the select string.
 */
export const gigsQuery = () =>
  getSupabase()
    .from('gigs')
    .select(`*, ${GIG_SPLIT}, profiles!gigs_user_id_fkey(full_name, username, avatar_url, member_ratings(average_rating, review_count))`, { count: 'exact' });

export type GigReadRow = QueryRow<ReturnType<typeof gigsQuery>>;
