/**
 * The limits an upload's bytes pass through on their way to the store, enforced while they
 * stream (nothing is held beyond one chunk and the first 4 KiB): the size limit (the bucket's,
 * the server's, what is left of the member's quota) and, for a declared raster image, its first
 * bytes must be that image (file-type reads the magic numbers).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { StorageApiError } from './errors';
import { checkContent, needsContentCheck } from './mime';

/** Bytes file-type needs to recognise every format it knows. */
const SNIFF_BYTES = 4100;

export interface GuardOptions {
  /** The most bytes that may pass; one more fails the stream with `tooLarge()`. */
  maxBytes: number;
  tooLarge: () => StorageApiError;
  /** The declared Content-Type: raster image types are checked against the bytes. */
  mimeType: string;
}

export class UploadGuard extends Transform {
  bytes = 0;
  private head: Buffer[] | null;
  private headBytes = 0;

  constructor(private readonly options: GuardOptions) {
    super({ highWaterMark: 1 << 20 });
    this.head = needsContentCheck(options.mimeType) ? [] : null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.options.maxBytes) return done(this.options.tooLarge());
    if (!this.head) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.releaseHead(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.head) return this.releaseHead(done);
    done();
  }

  private releaseHead(done: TransformCallback): void {
    const head = Buffer.concat(this.head!);
    this.head = null;
    // Fails closed: bytes file-type cannot read are not the declared image.
    fileTypeFromBuffer(head).then((detected) => detected?.mime, () => undefined).then((detected) => {
      try {
        checkContent(this.options.mimeType, detected);
        done(null, head);
      } catch (error) {
        done(error as Error);
      }
    });
  }
}
