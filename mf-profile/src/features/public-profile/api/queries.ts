/**
 * The public-profile reads and their row types (from the select strings). Public columns only:
 * contact_email and contact_phone are never selected here; contact_details() decides who sees them.
 */
import { getSupabase, type QueryRow } from '@need40/shared';

/** Who wrote a review and the gig it is about (null when the gig was deleted or is hidden). */
const REVIEW_PARTS = 'reviewer:profiles!reviews_reviewer_id_fkey(full_name, username), gig:gigs!reviews_gig_id_fkey(id, title)';

/** Reviews and open gigs per page: a busy member's profile stays one small read; more on request. */
export const PROFILE_PAGE = 20;

export const reviewsQuery = (profileId: string) =>
  getSupabase().from('reviews').select(`id, rating, body, created_at, ${REVIEW_PARTS}`).eq('reviewee_id', profileId);
export type ReviewRow = QueryRow<ReturnType<typeof reviewsQuery>>;

export const openGigsQuery = (profileId: string) =>
  getSupabase().from('gigs').select('id, title, payment_type, rate, created_at').eq('user_id', profileId).eq('status', 'active');
export type OpenGigRow = QueryRow<ReturnType<typeof openGigsQuery>>;

/** The profile with its rating and its newest reviews (one page, and one more to know there are more). */
export const publicProfileQuery = (profileId: string) =>
  getSupabase()
    .from('profiles')
    .select(
      `id, full_name, username, avatar_url, title, bio, skills, hourly_rate, available_for_work, experience, portfolio, linkedin_url, github_url, created_at, member_ratings(average_rating, review_count), reviews!reviews_reviewee_id_fkey(id, rating, body, created_at, ${REVIEW_PARTS})`,
    )
    .eq('id', profileId)
    .order('created_at', { referencedTable: 'reviews', ascending: false })
    .order('id', { referencedTable: 'reviews' })
    .limit(PROFILE_PAGE + 1, { referencedTable: 'reviews' });
export type PublicProfileRow = QueryRow<ReturnType<typeof publicProfileQuery>>;

/** Gigs the member completed as the worker (a function: a client may not read a whole profiles row, which a computed field needs). */
export const completedQuery = (profileId: string) => getSupabase().rpc('completed_gigs_of', { p_user_id: profileId });

export const contactQuery = (profileId: string) => getSupabase().rpc('contact_details', { p_user_id: profileId });
export type ContactRow = QueryRow<ReturnType<typeof contactQuery>>;
