/**
 * A member's track record as My Profile shows it: gigs completed (counted by the database) and the
 * rating; the reviews themselves are read page by page (morePages.ts).
 */
import { getSupabase, type QueryRow } from '@need40/shared';
import { completedQuery } from './queries';
import { failureText, worded } from '@need40/ui';
import type { PublicProfile } from '../types';

export const recordQuery = (profileId: string) =>
  getSupabase().from('profiles').select('member_ratings(average_rating, review_count)').eq('id', profileId);
export type RecordRow = QueryRow<ReturnType<typeof recordQuery>>;

export type MemberRecord = Pick<PublicProfile, 'completedGigs' | 'rating'>;

export async function fetchMemberRecord(profileId: string): Promise<MemberRecord> {
  const [{ data, error }, completed] = await Promise.all([recordQuery(profileId).maybeSingle(), completedQuery(profileId)]);
  if (error) throw worded(failureText(error, 'Could not load your reviews.'));
  if (completed.error) throw worded(failureText(completed.error, 'Could not load your reviews.'));
  const r = Array.isArray(data?.member_ratings) ? data.member_ratings[0] : data?.member_ratings;
  const average = r?.average_rating === null || r?.average_rating === undefined ? null : Number(r.average_rating);
  return {
    completedGigs: completed.data ?? 0,
    rating: r && average !== null && r.review_count > 0 ? { average, count: r.review_count } : null,
  };
}
