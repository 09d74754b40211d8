/**
 * The object store on an S3-compatible service (STORAGE_BACKEND=s3): AWS S3, MinIO, Ceph, R2…
 * Keys are `<STORAGE_S3_PREFIX><version>`. A body of known length goes up in one PutObject as it
 * streams; one of unknown length (a multipart form's file) in a multipart upload whose parts are
 * buffered one at a time (5 MiB each: the memory an upload costs here). The SDK is loaded on
 * demand, so a backend on the local disk never loads it.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import type { StorageS3Config } from '../../config-storage';
import type { ByteRange, ObjectStore, PutOptions } from './types';

const PART_SIZE = 5 * 1024 * 1024;

export async function openS3Store(s3: StorageS3Config): Promise<ObjectStore> {
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: S3-compatible servers differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  const keyOf = (key: string) => `${s3.prefix}${key}`;

  async function put(key: string, source: Readable, options: PutOptions): Promise<number> {
    let bytes = 0;
    // Counted on the way through (a 'data' listener on the source would start it flowing early).
    const body = source.pipe(new Transform({ transform(chunk: Buffer, _e, done) { bytes += chunk.length; done(null, chunk); } }));
    source.on('error', (error) => body.destroy(error));
    const params = { Bucket, Key: keyOf(key), Body: body, ContentType: options.contentType, CacheControl: options.cacheControl };
    if (options.length !== undefined) {
      await client.send(new sdk.PutObjectCommand({ ...params, ContentLength: options.length }), { abortSignal: options.signal });
    } else {
      const upload = new Upload({ client, params, partSize: PART_SIZE, queueSize: 1, leavePartsOnError: false });
      const abort = () => void upload.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      try {
        await upload.done();
      } finally {
        options.signal?.removeEventListener('abort', abort);
      }
    }
    return bytes;
  }

  return {
    kind: 's3',
    put,
    async get(key, range?: ByteRange) {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      return out.Body as Readable;
    },
    async copy(from, to) {
      await client.send(new sdk.CopyObjectCommand({ Bucket, Key: keyOf(to), CopySource: `${Bucket}/${keyOf(from)}` }));
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length) await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((k) => ({ Key: keyOf(k) })), Quiet: true } }));
      }
    },
    async adopt(key, localPath, options) {
      const { size } = await fs.stat(localPath);
      await put(key, createReadStream(localPath), { ...options, length: size });
      await fs.rm(localPath, { force: true });
      return size;
    },
    async close() {
      client.destroy();
    },
  };
}
