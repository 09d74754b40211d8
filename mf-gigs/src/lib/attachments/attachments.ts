/**
 * Files of an application's two parties: sent in its thread (the private `attachments` bucket) or
 * delivered with the work of its deal (the private `deliveries` bucket), uploaded under
 * `<application id>/<sender id>/` (the storage policies let only the two parties — and, for a
 * delivery, Need40's operators — read them and only the sender write there), then shown through
 * short-lived signed URLs. Both buckets take the same files.
 */
import { FILE_BUCKETS, getSupabase, safeFileName } from '@need40/shared';

/** What the attachments and deliveries buckets take (supabase/migrations/20241201000100_…, 20250105000000_…). */
export type PartyBucket = typeof FILE_BUCKETS.attachments | typeof FILE_BUCKETS.deliveries;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = [
  'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf', 'text/plain', 'text/csv', 'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
export const ATTACHMENT_RULE = 'Attach an image, PDF, text, CSV, ZIP or Office document of at most 10 MB.';
export const ATTACHMENT_FAILED = 'The file could not be attached. Try again.';

/** The file is one the bucket takes. */
export const attachable = (file: File) => ATTACHMENT_TYPES.includes(file.type) && file.size <= ATTACHMENT_MAX_BYTES;

/** A storage key for the file: a uuid prefix (unique; the database strips it from the name it shows) and its name in safe characters. */
function keyOf(applicationId: string, userId: string, name: string, id: string): string {
  return `${applicationId}/${userId}/${id}-${safeFileName(name)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Storage's "The resource already exists" (409 Duplicate): an object is at that key already. */
const alreadyThere = (error: unknown) => String((error as { statusCode?: unknown } | null)?.statusCode) === '409';

/**
 * Upload `file` to the application's folder of `userId`; resolves with its path. `sendId` (a uuid
 * chosen once per send and kept for its retries, as send_message's p_id is) names the object: a
 * retry whose first upload got through — its answer lost or too slow — finds the object there
 * (409) and names the same one, so a retried send leaves no second, orphaned copy behind.
 */
export async function uploadAttachment(applicationId: string, userId: string, file: File, bucket: PartyBucket = FILE_BUCKETS.attachments, sendId?: string): Promise<string> {
  const once = sendId !== undefined && UUID.test(sendId);
  const path = keyOf(applicationId, userId, file.name, once ? sendId : crypto.randomUUID());
  const { error } = await getSupabase().storage.from(bucket).upload(path, file, { contentType: file.type });
  if (error && !(once && alreadyThere(error))) throw new Error(ATTACHMENT_FAILED);
  return path;
}

/** A signed URL of an attachment for the next minutes: to download it by name, or a preview of an image. */
export async function attachmentUrl(path: string, how: { download: string } | { preview: true }, from: PartyBucket = FILE_BUCKETS.attachments): Promise<string> {
  const bucket = getSupabase().storage.from(from);
  const { data, error } = 'download' in how
    ? await bucket.createSignedUrl(path, 300, { download: how.download })
    : await bucket.createSignedUrl(path, 600, { transform: { width: 480, height: 480, resize: 'contain' } });
  if (error || !data) throw new Error('The file is not available.');
  return data.signedUrl;
}
