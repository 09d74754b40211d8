import { getSupabase, type ProfileRow } from '@need40/shared';
import { profileFromRow } from '../lib/mapping';
import { type Profile } from '../types';
import { profileError } from './profileError';

export const LOAD_FAILED = 'Failed to load profile';
export const PROFILE_NOT_FOUND = 'No profile found for this account.';

/** Read one profile by id (all fields). Throws an Error whose message is fit to show. */
export async function getProfile(userId: string): Promise<Profile> {
  const { data, error, status } = await getSupabase().from('profiles').select('*').eq('id', userId).single();
  if (error) throw profileError(error, LOAD_FAILED, PROFILE_NOT_FOUND, status);
  if (!data) throw new Error(PROFILE_NOT_FOUND);
  return profileFromRow(data as ProfileRow);
}
