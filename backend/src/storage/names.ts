/**
 * Bucket names and object keys: Supabase Storage's character rules (S3-safe ASCII), plus what
 * a file system or a person would trip over, refused with a clear 400 before anything else runs:
 * `.` and `..` segments, empty segments (`a//b`), a leading or trailing `/`, keys over 1,024 bytes
 * (S3's limit) or segments over 255. The bytes of an object are stored under its version (a UUID),
 * never under its name, so no key can reach outside the store; these rules keep names sane.
 */
import { ERRORS } from './errors';

// Supabase Storage's own sets (src/storage/limits.ts); the hyphen is last so it stays literal.
const VALID_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const VALID_BUCKET = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

export const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT = 255;

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && VALID_BUCKET.test(name) && name.trim() === name && name !== '.' && name !== '..';
}

export function isValidKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_BYTES || !VALID_KEY.test(key)) return false;
  const segments = key.split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..' && s.length <= MAX_SEGMENT);
}

export function mustBeValidBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw ERRORS.invalidBucketName();
}

export function mustBeValidKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !isValidKey(key)) throw ERRORS.invalidKey(typeof key === 'string' ? key : '');
}

/** A list prefix: the key rules, but it may be empty and may end with `/`. */
export function mustBeValidPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string') throw ERRORS.invalidParameter('prefix');
  const body = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (body !== '' && !isValidKey(body)) throw ERRORS.invalidKey(prefix);
}
