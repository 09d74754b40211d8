/**
 * The pages after the first of a public profile's open gigs and reviews: newest first, each after
 * the last one shown (keyset in the order of `gigs (user_id, created_at desc, id)` and
 * `reviews (reviewee_id, created_at desc)`), so a busy member's profile pages by index.
 */
import { failureText, keysetAfter, type Page, worded } from '@need40/ui';
import { openGigFromRow, reviewFromRow } from '../lib/mapping';
import type { OpenGig, Review } from '../types';
import { openGigsQuery, reviewsQuery } from './queries';

function rowsOrThrow<T>(result: { data: T[] | null; error: unknown }, what: string): T[] {
  if (result.error) throw worded(failureText(result.error, `Could not load more ${what}.`));
  return result.data ?? [];
}

export async function fetchMoreOpenGigs(profileId: string, after: OpenGig | null, limit: number): Promise<Page<OpenGig>> {
  let query = openGigsQuery(profileId);
  if (after) {
    const next = keysetAfter(after.createdAt, 'id', after.id);
    query = query.lte('created_at', next.lte).or(next.or);
  }
  const rows = rowsOrThrow(await query.order('created_at', { ascending: false }).order('id').limit(limit), 'open gigs');
  return { rows: rows.map(openGigFromRow) };
}

export async function fetchMoreReviews(profileId: string, after: Review | null, limit: number): Promise<Page<Review>> {
  let query = reviewsQuery(profileId);
  if (after) {
    const next = keysetAfter(after.createdAt, 'id', after.id);
    query = query.lte('created_at', next.lte).or(next.or);
  }
  const rows = rowsOrThrow(await query.order('created_at', { ascending: false }).order('id').limit(limit), 'reviews');
  return { rows: rows.map(reviewFromRow) };
}
