/**
 * Sending an object's bytes with Supabase Storage's headers (Content-Type, Cache-Control or
 * Expires, ETag, Last-Modified, Accept-Ranges, X-Robots-Tag) and three rules of our own:
 *   - `?download` (or `?download=name`) answers with Content-Disposition: attachment;
 *   - HTML, SVG, XML and scripts are always attachments, in a CSP sandbox: served inline from the
 *     API's origin they would run script there;
 *   - a single byte range (Range: bytes=a-b) answers 206; If-None-Match with the ETag, 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StorageContext } from './context';
import { ERRORS } from './errors';
import { isActiveContent } from './mime';
import type { ObjectRow } from './sql';
import type { ByteRange } from './store/types';

export interface ServeOptions {
  /** `download` from the query string: '' (attachment, no name) or a file name. */
  download?: string;
  /** A signed URL's expiry (Expires replaces Cache-Control, as storage does). */
  expires?: string;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(name: string | undefined): string {
  if (!name) return 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One satisfiable range of `size` bytes, 'unsatisfiable', or undefined (no or an ignored Range header). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (end < start && m[2] !== '') return undefined;
  }
  if (start >= size || !Number.isSafeInteger(start)) return 'unsatisfiable';
  return { start, end };
}

/** The metadata headers of `obj` (downloads and HEAD answers). */
export function objectHeaders(reply: FastifyReply, obj: ObjectRow, options: ServeOptions): void {
  const meta = obj.metadata;
  const mime = meta?.mimetype ?? 'application/octet-stream';
  reply
    .header('Content-Type', mime)
    .header('ETag', `"${obj.version}"`)
    .header('Last-Modified', new Date(obj.updated_at).toUTCString())
    .header('Accept-Ranges', 'bytes')
    .header('X-Robots-Tag', 'none');
  if (options.expires) reply.header('Expires', options.expires);
  else reply.header('Cache-Control', meta?.cacheControl ?? 'no-cache');
  if (isActiveContent(mime)) {
    reply.header('Content-Disposition', contentDisposition(options.download || obj.name.split('/').pop()));
    reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  } else if (options.download !== undefined) {
    reply.header('Content-Disposition', contentDisposition(options.download || undefined));
  }
}

/** Answer `request` with the bytes of `obj` (or 304, or one range). */
export async function sendObject(ctx: StorageContext, request: FastifyRequest, reply: FastifyReply, obj: ObjectRow, options: ServeOptions): Promise<FastifyReply> {
  objectHeaders(reply, obj, options);
  const size = obj.metadata?.size ?? 0;
  if (request.headers['if-none-match'] === `"${obj.version}"`) return reply.status(304).send();
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  if (request.method === 'HEAD') return reply.status(200).header('Content-Length', size).send();
  let body;
  try {
    body = await ctx.store.get(obj.version, range);
  } catch (error) {
    if ((error as { code?: string; name?: string }).code === 'ENOENT' || (error as { name?: string }).name === 'NoSuchKey') throw ERRORS.noSuchKey();
    throw error;
  }
  if (range) {
    reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', range.end - range.start + 1);
  } else reply.status(200).header('Content-Length', size);
  return reply.send(body);
}
