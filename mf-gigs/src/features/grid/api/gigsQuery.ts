import { getSupabase, type QueryRow } from '@need40/shared';

/**
 * The grid's read: every column of a gig, with the poster's display name, username, avatar and
 * average rating (docs/product.md, calls). The row type follows from the select string.
 */
export const gigsQuery = () =>
  getSupabase()
    .from('gigs')
    .select('*, profiles!gigs_user_id_fkey(full_name, username, avatar_url, member_ratings(average_rating, review_count))', { count: 'exact' });

export type GigReadRow = QueryRow<ReturnType<typeof gigsQuery>>;
