import { worded } from '@need40/ui';
import { profileFromRow, withContact } from '../lib/mapping';
import { type Profile } from '../types';
import { profileError } from './profileError';
import { contactQuery, ownProfileQuery } from './queries';

export const LOAD_FAILED = 'Failed to load profile';
export const PROFILE_NOT_FOUND = 'No profile found for this account.';

/**
 * Read one profile by id: its public columns from the table, and its contact email and phone
 * through `contact_details()` — the table does not let anyone select those two, and the function
 * gives them to their owner (and to whoever shares an accepted application with them; to anyone
 * else no row, so the contact fields stay empty). Throws an Error whose message is fit to show.
 */
export async function getProfile(userId: string): Promise<Profile> {
  const [profile, contact] = await Promise.all([ownProfileQuery(userId).single(), contactQuery(userId)]);
  if (profile.error) throw profileError(profile.error, LOAD_FAILED, PROFILE_NOT_FOUND, profile.status);
  if (!profile.data) throw worded(PROFILE_NOT_FOUND);
  if (contact.error) throw profileError(contact.error, LOAD_FAILED, PROFILE_NOT_FOUND, contact.status);
  return profileFromRow(withContact(profile.data, contact.data?.[0]));
}
