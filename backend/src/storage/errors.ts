/**
 * Supabase Storage's error catalogue, in one place: every error /storage/v1 answers is built here,
 * whole (meaning, code, message), with the codes and wording of supabase/storage
 * (`src/internal/errors/codes.ts`) so storage-js and code written for Supabase read them as they
 * would there. The HTTP status of a client error is 400 (Supabase's `userStatusCode`); the
 * meaning is the body's `statusCode`. Codes are stable: never renamed or reused.
 */
import { StorageApiError } from '../http/errors';
import { isPgError } from '../db/pg-error';

export { StorageApiError };

const e = (statusCode: number, code: string, message: string, error?: string, httpStatus?: number) => new StorageApiError(statusCode, code, message, error, httpStatus);

export const ERRORS = {
  noSuchBucket: () => e(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => e(404, 'NoSuchKey', 'Object not found', 'not_found'),
  noSuchUpload: () => e(404, 'NoSuchUpload', 'Upload not found'),
  bucketNotEmpty: () => e(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  bucketExists: () => e(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyExists: () => e(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  invalidBucketName: () => e(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  /** The key is echoed (shortened): storage says which one it refused. */
  invalidKey: (key: string) => e(400, 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`),
  invalidRequest: (message: string) => e(400, 'InvalidRequest', message),
  invalidParameter: (name: string, message?: string) => e(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  missingParameter: (name: string) => e(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidMimeType: (mime: string) => e(415, 'InvalidMimeType', `mime type ${mime.slice(0, 100)} is not supported`, 'invalid_mime_type'),
  /** The bytes are not what the declared type says (an "image" that is not one). */
  contentMismatch: (mime: string) => e(415, 'InvalidMimeType', `The file's content is not ${mime.slice(0, 100)}`, 'invalid_mime_type'),
  entityTooLarge: () => e(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  quotaExceeded: (quota: number) => e(413, 'EntityTooLarge', `The member's storage quota (${quota} bytes) would be exceeded`, 'Payload too large'),
  noContent: () => e(400, 'InvalidRequest', 'No content provided'),
  invalidRange: () => e(400, 'InvalidRange', 'invalid range provided', 'invalid_range'),
  /** A token that does not verify, or no token where one is required (storage: AccessDenied). */
  accessDenied: (message = 'Access denied') => e(403, 'AccessDenied', message, 'Unauthorized'),
  invalidJwt: (message = 'Invalid JWT') => e(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => e(400, 'InvalidSignature', message),
  expiredSignature: () => e(400, 'ExpiredToken', 'The provided token has expired.'),
  imageProcessing: (message: string) => e(400, 'InvalidRequest', message),
  featureDisabled: (feature: string) => e(400, 'FeatureNotEnabled', `The feature ${feature} is not enabled for this resource`),
  routeNotFound: (method: string, url: string) => e(404, 'InvalidRequest', `Route ${method}:${url.slice(0, 200)} not found`, 'Not Found', 404),
  internal: () => e(500, 'InternalError', 'Internal server error', 'Internal'),
} as const;

/**
 * A database error as storage answers it: 42501 (privileges or a policy) is AccessDenied with
 * storage's wording, 23505 a duplicate; a value the database refuses (22xxx, 23xxx) is a 400. The
 * rest is the caller's problem only if it is a 4xx class; anything else is a 500 (logged).
 */
export function fromDbError(error: unknown): StorageApiError | undefined {
  if (!isPgError(error)) return undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  if (error.code === '42501') return ERRORS.accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
  if (error.code === '23505') return e(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate');
  if (error.code === '23503') {
    return typeof error.detail === 'string' && error.detail.includes('is still referenced')
      ? e(409, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
      : e(404, 'InvalidRequest', 'The related resource does not exist');
  }
  if (/^(22|23)/.test(error.code) || error.code === 'P0001') return ERRORS.invalidRequest(message.slice(0, 300) || 'Invalid request');
  return undefined;
}
