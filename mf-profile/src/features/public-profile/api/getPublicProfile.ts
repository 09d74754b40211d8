import { errorMessage, getSupabase } from '@need40/shared';
import { isNetworkFailure, NETWORK_MESSAGE } from '../../../lib/network';
import { publicProfileFromRows, type ContactRow, type OpenGigRow, type PublicProfileRow } from '../lib/mapping';
import type { PublicProfile } from '../types';
import { OPEN_GIG_COLUMNS, REVIEW_COLUMNS } from './morePages';

export const PUBLIC_LOAD_FAILED = 'This profile could not be loaded.';

/** The id matches no member (or is not an id at all). */
export class MemberNotFoundError extends Error {
  constructor() {
    super('This member could not be found.');
    this.name = 'MemberNotFoundError';
  }
}

/** Public columns only: contact_email and contact_phone are never selected here. */
const PROFILE_COLUMNS = [
  'id, full_name, username, avatar_url, title, bio, skills, hourly_rate, experience, portfolio, linkedin_url, github_url, created_at',
  'member_ratings(average_rating, review_count)',
  `reviews!reviews_reviewee_id_fkey(${REVIEW_COLUMNS})`,
].join(', ');

/** Reviews and open gigs per page: a busy member's profile stays one small read; more on request. */
export const PROFILE_PAGE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function failure(error: unknown, status: number): Error {
  return new Error(isNetworkFailure(error, status) ? NETWORK_MESSAGE : errorMessage(error, PUBLIC_LOAD_FAILED));
}

/**
 * Another member's public profile: the profile with ratings and recent reviews, their open gigs,
 * and — for a signed-in viewer — whatever `contact_details()` grants (nothing unless they share
 * an accepted application). Throws MemberNotFoundError, or an Error whose message is fit to show.
 */
export async function getPublicProfile(profileId: string, signedIn: boolean): Promise<PublicProfile> {
  if (!UUID.test(profileId)) throw new MemberNotFoundError();
  const supabase = getSupabase();
  const [profile, gigs, contact] = await Promise.all([
    supabase
      .from('profiles')
      .select(PROFILE_COLUMNS)
      .eq('id', profileId)
      .order('created_at', { referencedTable: 'reviews', ascending: false })
      .order('id', { referencedTable: 'reviews' })
      .limit(PROFILE_PAGE + 1, { referencedTable: 'reviews' })
      .maybeSingle(),
    supabase.from('gigs').select(OPEN_GIG_COLUMNS).eq('user_id', profileId).eq('status', 'active').order('created_at', { ascending: false }).order('id').limit(PROFILE_PAGE + 1),
    signedIn ? supabase.rpc('contact_details', { p_user_id: profileId }) : null,
  ]);
  if (profile.error) throw failure(profile.error, profile.status);
  if (!profile.data) throw new MemberNotFoundError();
  if (gigs.error) throw failure(gigs.error, gigs.status);
  // Contact details are a bonus: a refusal or failure shows nothing rather than an error.
  const contactRows = contact && !contact.error ? (contact.data as ContactRow[] | null) : null;
  return publicProfileFromRows(profile.data as unknown as PublicProfileRow, (gigs.data ?? []) as unknown as OpenGigRow[], contactRows, PROFILE_PAGE);
}
