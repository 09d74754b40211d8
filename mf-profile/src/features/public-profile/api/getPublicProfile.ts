import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';
import { publicProfileFromRows } from '../lib/mapping';
import type { PublicProfile } from '../types';
import { completedQuery, contactQuery, openGigsQuery, PROFILE_PAGE, publicProfileQuery } from './queries';

export const PUBLIC_LOAD_FAILED = 'This profile could not be loaded.';

/** The id matches no member (or is not an id at all). */
export class MemberNotFoundError extends Error {
  constructor() {
    super('This member could not be found.');
    this.name = 'MemberNotFoundError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function failure(error: unknown, status: number): Error {
  return worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, PUBLIC_LOAD_FAILED));
}

/**
 * Another member's public profile: the profile with ratings and recent reviews, their open gigs,
 * and — for a signed-in viewer — whatever `contact_details()` grants (nothing unless they share
 * an accepted application). Throws MemberNotFoundError, or an Error whose message is fit to show.
 */
export async function getPublicProfile(profileId: string, signedIn: boolean): Promise<PublicProfile> {
  if (!UUID.test(profileId)) throw new MemberNotFoundError();
  const [profile, gigs, completed, contact] = await Promise.all([
    publicProfileQuery(profileId).maybeSingle(),
    openGigsQuery(profileId).order('created_at', { ascending: false }).order('id').limit(PROFILE_PAGE + 1),
    completedQuery(profileId),
    signedIn ? contactQuery(profileId) : null,
  ]);
  if (profile.error) throw failure(profile.error, profile.status);
  if (!profile.data) throw new MemberNotFoundError();
  if (gigs.error) throw failure(gigs.error, gigs.status);
  // Contact details are a bonus: a refusal or failure shows nothing rather than an error.
  const contactRows = contact && !contact.error ? contact.data : null;
  // The count is a bonus too: a failure shows none rather than an error.
  return { ...publicProfileFromRows(profile.data, gigs.data ?? [], contactRows, PROFILE_PAGE), completedGigs: completed.error ? 0 : (completed.data ?? 0) };
}
