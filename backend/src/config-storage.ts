/**
 * Configuration, not a feature: part of loadConfig (config.ts). /storage/v1's variables, their
 * defaults, and the checks between them (S3 needs a bucket).
 *
 * @example
 *   STORAGE_BACKEND=s3 STORAGE_S3_BUCKET=need40 STORAGE_S3_ENDPOINT=http://127.0.0.1:9000
 */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The variables, spread into config.ts's schema. */
export const storageEnv = {
  /** Where object bytes live with STORAGE_BACKEND=file; default `<DATA_DIR>/storage` (a temporary directory for ":memory:"). */
  STORAGE_DIR: z.string().min(1).optional(),
  STORAGE_BACKEND: z.enum(['file', 's3']).default('file'),
  STORAGE_S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible endpoint (MinIO, R2…); unset means AWS. */
  STORAGE_S3_ENDPOINT: z.url({ message: 'must be a URL' }).optional(),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_FORCE_PATH_STYLE: bool.default(true),
  STORAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Prepended to every key in the S3 bucket (one bucket shared by several deployments). */
  STORAGE_S3_PREFIX: z.string().max(200).regex(/^([A-Za-z0-9_.-]+\/)*$/, 'folders ending with /').default(''),
  /** The largest object, in bytes (Supabase's FILE_SIZE_LIMIT); a bucket's own limit can only be lower. */
  STORAGE_FILE_SIZE_LIMIT: int(1, 5 * 1024 ** 4).default(50 * 1024 * 1024),
  /** Bytes one member (an object's owner) may store across all buckets. */
  STORAGE_QUOTA_PER_MEMBER: int(1, 5 * 1024 ** 4).default(1024 ** 3),
  /** /render/image (sharp); off answers 400 FeatureNotEnabled. */
  STORAGE_IMAGE_TRANSFORMATION_ENABLED: bool.default(true),
  /** Seconds a signed upload URL stays valid (Supabase: 2 hours). */
  STORAGE_SIGNED_UPLOAD_URL_EXPIRY: int(60, 7 * 24 * 3600).default(7200),
  /** Seconds an unfinished resumable upload is kept. */
  STORAGE_TUS_EXPIRY: int(60, 30 * 24 * 3600).default(24 * 3600),
};

export interface StorageS3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix: string;
}

export interface StorageConfig {
  backend: 'file' | 's3';
  s3?: StorageS3Config;
}

type StorageEnv = z.infer<z.ZodObject<typeof storageEnv>>;

export function parseStorage(c: StorageEnv): { storage: StorageConfig; problems: string[] } {
  const problems: string[] = [];
  if (c.STORAGE_BACKEND !== 's3') return { storage: { backend: 'file' }, problems };
  if (!c.STORAGE_S3_BUCKET) problems.push('STORAGE_S3_BUCKET: required with STORAGE_BACKEND=s3');
  if (!!c.STORAGE_S3_ACCESS_KEY_ID !== !!c.STORAGE_S3_SECRET_ACCESS_KEY) problems.push('STORAGE_S3_ACCESS_KEY_ID / STORAGE_S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK finds credentials itself)');
  const s3: StorageS3Config = {
    bucket: c.STORAGE_S3_BUCKET ?? '',
    endpoint: c.STORAGE_S3_ENDPOINT,
    region: c.STORAGE_S3_REGION,
    forcePathStyle: c.STORAGE_S3_FORCE_PATH_STYLE,
    accessKeyId: c.STORAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: c.STORAGE_S3_SECRET_ACCESS_KEY,
    prefix: c.STORAGE_S3_PREFIX,
  };
  return { storage: { backend: 's3', s3 }, problems };
}
