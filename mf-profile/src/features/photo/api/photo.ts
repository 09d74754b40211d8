/**
 * The profile photo in /storage/v1: the cropped square goes to the public `avatars` bucket under
 * the member's folder with a new name each time (so its URL never changes meaning and can be
 * cached for a year), `profiles.avatar_url` then points at it, and the photo it replaced is removed.
 * Row-level security (storage policies and the profile's own) enforces the folder and the owner.
 * A change tells the page's gig grid to re-read, so the member's cards show the new photo.
 */
import { FILE_BUCKETS, MEMBER_FILE_PATH, getSupabase, notifyGigsChanged } from '@need40/shared';
import { NETWORK_MESSAGE, isNetworkFailure, worded } from '@need40/ui';

export const PHOTO_SAVE_FAILED = 'Your photo could not be saved. Try again.';
export const PHOTO_REMOVE_FAILED = 'Your photo could not be removed. Try again.';

function failure(error: { message?: string; status?: number } | null, fallback: string): Error {
  return worded(isNetworkFailure(error, error?.status) ? NETWORK_MESSAGE : fallback);
}

/** Store `blob` (a JPEG) as the member's photo; resolves with the new avatar_url (the path). */
export async function savePhoto(userId: string, blob: Blob, previous: string | null): Promise<string> {
  const sb = getSupabase();
  const path = `${userId}/photo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.jpg`;
  const up = await sb.storage.from(FILE_BUCKETS.avatars).upload(path, blob, { contentType: 'image/jpeg', cacheControl: '31536000' });
  if (up.error) throw failure(up.error as never, PHOTO_SAVE_FAILED);
  const { error } = await sb.from('profiles').update({ avatar_url: path }).eq('id', userId);
  if (error) {
    await sb.storage.from(FILE_BUCKETS.avatars).remove([path]);
    throw failure(error as never, PHOTO_SAVE_FAILED);
  }
  notifyGigsChanged();
  await removeFile(previous);
  return path;
}

/** No photo: avatar_url cleared, the file removed. */
export async function removePhoto(userId: string, previous: string | null): Promise<void> {
  const { error } = await getSupabase().from('profiles').update({ avatar_url: null }).eq('id', userId);
  if (error) throw failure(error as never, PHOTO_REMOVE_FAILED);
  notifyGigsChanged();
  await removeFile(previous);
}

/** A replaced photo's file, if it is one of ours; a failure only leaves a stray file behind. */
async function removeFile(previous: string | null): Promise<void> {
  if (previous && MEMBER_FILE_PATH.test(previous)) await getSupabase().storage.from(FILE_BUCKETS.avatars).remove([previous]);
}
