/**
 * Files of the product in /storage/v1 (the buckets are app SQL: supabase/migrations/20241201000100_…):
 * their names, and the one rule for showing a profile photo. `profiles.avatar_url` holds either a
 * web address (kept as it is) or a path in the public `avatars` bucket (`<user id>/<file>`), which
 * is shown through /render/image at the size a page needs — square, cropped to cover, twice the CSS
 * size for sharp screens. Anything else shows no photo.
 *
 * @example
 *   <img src={avatarSrc(profile.avatar_url, 48) ?? fallback} width={48} height={48} />
 */
import { getSupabase } from './supabase';

export const FILE_BUCKETS = { avatars: 'avatars', portfolio: 'portfolio', attachments: 'attachments', deliveries: 'deliveries' } as const;

/** A path in a member's folder of a public bucket (what the storage policies allow). */
export const MEMBER_FILE_PATH = /^[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,100}$/;

/**
 * A file's name as the last part of a storage key: the characters the buckets' paths allow
 * (MEMBER_FILE_PATH), no leading dot or dash, at most 80 (room for a unique prefix).
 */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(-80) || 'file';
}

/** The URL of a profile photo at `px` CSS pixels square, or null when there is none to show. */
export function avatarSrc(avatarUrl: string | null | undefined, px: number): string | null {
  const value = avatarUrl?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (!MEMBER_FILE_PATH.test(value)) return null;
  const side = Math.min(Math.max(Math.round(px * 2), 16), 1024);
  return getSupabase().storage.from(FILE_BUCKETS.avatars).getPublicUrl(value, { transform: { width: side, height: side, resize: 'cover' } }).data.publicUrl;
}

/** The public URL of a file in a member's folder of a public bucket (a portfolio item's file), or null. */
export function publicFileUrl(bucket: 'avatars' | 'portfolio', path: string | null | undefined): string | null {
  if (!path || !MEMBER_FILE_PATH.test(path)) return null;
  return getSupabase().storage.from(bucket).getPublicUrl(path).data.publicUrl;
}
