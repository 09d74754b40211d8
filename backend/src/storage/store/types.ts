/**
 * Where the bytes of objects live: a directory (default, STORAGE_DIR) or an S3-compatible bucket
 * (STORAGE_BACKEND=s3). Keys are object versions (UUIDs made by the server), never object names:
 * a move renames a row and touches no byte; an upsert writes a new version and deletes the old one
 * once the row points at the new. Every method streams: no object is ever held whole in memory.
 */
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface PutOptions {
  contentType: string;
  cacheControl: string;
  /** The body's length when known in advance (S3 then needs no buffering). */
  length?: number;
  signal?: AbortSignal;
}

export interface ObjectStore {
  readonly kind: 'file' | 's3';
  /**
   * Write `body` as `key`, resolving with the bytes written once they are durable. On any error
   * (the body's own, an abort) nothing is left under `key` and the promise rejects with that error.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<number>;
  /** The bytes of `key` (or of one range of them). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  copy(from: string, to: string): Promise<void>;
  /** Remove keys; a key that is not there is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Take over a finished local file (a resumable upload) as `key`; the file is gone afterwards. */
  adopt(key: string, localPath: string, options: PutOptions): Promise<number>;
  close(): Promise<void>;
}
