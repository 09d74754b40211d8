/**
 * The pages after the first of a public profile's open gigs and reviews: newest first, each after
 * the last one shown (keyset in the order of `gigs (user_id, created_at desc, id)` and
 * `reviews (reviewee_id, created_at desc)`), so a busy member's profile pages by index.
 */
import { errorMessage, getSupabase } from '@need40/shared';
import { keysetAfter, type Page } from '@need40/ui';
import { openGigFromRow, reviewFromRow, type OpenGigRow, type PublicProfileRow } from '../lib/mapping';
import type { OpenGig, Review } from '../types';

export const REVIEW_COLUMNS = 'id, rating, body, created_at, reviewer:profiles!reviews_reviewer_id_fkey(full_name)';
export const OPEN_GIG_COLUMNS = 'id, title, payment_type, rate, created_at';

type ReviewRow = NonNullable<PublicProfileRow['reviews']>[number];

function rowsOrThrow<T>(result: { data: unknown; error: unknown }, what: string): T[] {
  if (result.error) throw new Error(errorMessage(result.error, `Could not load more ${what}.`));
  return (result.data ?? []) as T[];
}

export async function fetchMoreOpenGigs(profileId: string, after: OpenGig | null, limit: number): Promise<Page<OpenGig>> {
  let query = getSupabase().from('gigs').select(OPEN_GIG_COLUMNS).eq('user_id', profileId).eq('status', 'active');
  if (after) {
    const next = keysetAfter(after.createdAt, 'id', after.id);
    query = query.lte('created_at', next.lte).or(next.or);
  }
  const rows = rowsOrThrow<OpenGigRow>(await query.order('created_at', { ascending: false }).order('id').limit(limit), 'open gigs');
  return { rows: rows.map(openGigFromRow) };
}

export async function fetchMoreReviews(profileId: string, after: Review | null, limit: number): Promise<Page<Review>> {
  let query = getSupabase().from('reviews').select(REVIEW_COLUMNS).eq('reviewee_id', profileId);
  if (after) {
    const next = keysetAfter(after.createdAt, 'id', after.id);
    query = query.lte('created_at', next.lte).or(next.or);
  }
  const rows = rowsOrThrow<ReviewRow>(await query.order('created_at', { ascending: false }).order('id').limit(limit), 'reviews');
  return { rows: rows.map(reviewFromRow) };
}
