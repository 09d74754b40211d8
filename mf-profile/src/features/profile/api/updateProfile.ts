import { getSupabase, type ProfileRow } from '@need40/shared';
import { profileFromRow, profileToRow } from '../lib/mapping';
import { type Profile } from '../types';
import { profileError } from './profileError';

export const SAVE_FAILED = 'Failed to save profile';
export const SAVE_NOT_ALLOWED = 'Your profile could not be saved: it was not found or you may not edit it.';

/** Save Changes: update the profile by id with the whole profile object; returns what was stored. */
export async function updateProfile(userId: string, profile: Profile): Promise<Profile> {
  const { data, error, status } = await getSupabase().from('profiles').update(profileToRow(profile)).eq('id', userId).select().single();
  if (error) throw profileError(error, SAVE_FAILED, SAVE_NOT_ALLOWED, status);
  if (!data) throw new Error(SAVE_FAILED);
  return profileFromRow(data as ProfileRow);
}
