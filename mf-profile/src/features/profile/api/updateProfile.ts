import { getSupabase, notifyGigsChanged } from '@need40/shared';
import { worded } from '@need40/ui';
import { changedColumns, profileFromRow, profileToRow } from '../lib/mapping';
import { type Profile } from '../types';
import { profileError } from './profileError';
import { OWN_PROFILE_COLUMNS } from './queries';

export const SAVE_FAILED = 'Failed to save profile';
export const SAVE_NOT_ALLOWED = 'Your profile could not be saved: it was not found or you may not edit it.';

/**
 * Save Changes: update the profile by id with the columns that differ from the profile as it was
 * loaded (nothing changed → no request), and return what is stored. Only what the person edited is
 * written, so a field the page could not read (e.g. contact details withheld) is never blanked.
 * The contact columns are not readable back from the table; the values just written stand in.
 * A new name tells the page's gig grid to re-read (the member's cards show it).
 */
export async function updateProfile(userId: string, before: Profile, after: Profile): Promise<Profile> {
  const changes = changedColumns(before, after);
  if (Object.keys(changes).length === 0) return before;
  const { data, error, status } = await getSupabase().from('profiles').update(changes).eq('id', userId).select(OWN_PROFILE_COLUMNS).single();
  if (error) throw profileError(error, SAVE_FAILED, SAVE_NOT_ALLOWED, status);
  if (!data) throw worded(SAVE_FAILED);
  if ('full_name' in changes) notifyGigsChanged();
  const written = profileToRow(after);
  return profileFromRow({ ...data, contact_email: written.contact_email, contact_phone: written.contact_phone });
}
