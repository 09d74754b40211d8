/**
 * Files sent in a thread: uploaded to the private `attachments` bucket under
 * `<application id>/<sender id>/` (the storage policies let only the application's two parties read
 * them and only the sender write there), then shown through short-lived signed URLs.
 */
import { FILE_BUCKETS, getSupabase, safeFileName } from '@need40/shared';

/** What the attachments bucket takes (supabase/migrations/20241201000100_storage_buckets.sql). */
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

/** A storage key for the file: a random prefix (unique) and its name in safe characters. */
function keyOf(applicationId: string, userId: string, name: string): string {
  return `${applicationId}/${userId}/${crypto.randomUUID()}-${safeFileName(name)}`;
}

export async function uploadAttachment(applicationId: string, userId: string, file: File): Promise<string> {
  const path = keyOf(applicationId, userId, file.name);
  const { error } = await getSupabase().storage.from(FILE_BUCKETS.attachments).upload(path, file, { contentType: file.type });
  if (error) throw new Error(ATTACHMENT_FAILED);
  return path;
}

/** A signed URL of an attachment for the next minutes: to download it by name, or a preview of an image. */
export async function attachmentUrl(path: string, how: { download: string } | { preview: true }): Promise<string> {
  const bucket = getSupabase().storage.from(FILE_BUCKETS.attachments);
  const { data, error } = 'download' in how
    ? await bucket.createSignedUrl(path, 300, { download: how.download })
    : await bucket.createSignedUrl(path, 600, { transform: { width: 480, height: 480, resize: 'contain' } });
  if (error || !data) throw new Error('The file is not available.');
  return data.signedUrl;
}
