/**
 * The file of an upload request, as storage-js sends it: a raw body (Content-Type, Cache-Control,
 * x-metadata headers) or a multipart form whose fields come first (cacheControl, metadata) and
 * whose one file follows (storage-js names it ""). Nothing of the file is read here: its stream is
 * handed on paused, so the caller's permission is checked before any byte is accepted.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ERRORS } from './errors';
import { checkedMime } from './mime';

export interface IncomingFile {
  body: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
  /** The body's length when the request says it (a raw body with Content-Length). */
  length?: number;
}

/** User metadata above this size (as JSON) is refused. */
export const MAX_USER_METADATA = 16 * 1024;

function userMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (json === undefined || json === '') return undefined;
  if (json.length > MAX_USER_METADATA) throw ERRORS.invalidParameter('metadata', 'The metadata is too large');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw ERRORS.invalidParameter('metadata', 'The metadata must be a JSON object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw ERRORS.invalidParameter('metadata', 'The metadata must be a JSON object');
  return value as Record<string, unknown>;
}

/** `3600` (the form field) → `max-age=3600`; a header value is kept as sent (bounded). */
function cacheControlOf(value: string | undefined, fromForm: boolean): string {
  if (value === undefined || value === '') return 'no-cache';
  if (fromForm) return /^\d{1,10}$/.test(value) ? `max-age=${value}` : 'no-cache';
  if (value.length > 200 || !/^[\x20-\x7e]+$/.test(value)) throw ERRORS.invalidParameter('cache-control');
  return value;
}

function header(raw: IncomingMessage, name: string): string | undefined {
  const v = raw.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The upload's file; multipart forms are read up to the start of the file. */
export function incomingFile(raw: IncomingMessage): Promise<IncomingFile> {
  const type = header(raw, 'content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    const xMetadata = header(raw, 'x-metadata');
    const length = header(raw, 'content-length');
    return Promise.resolve({
      body: raw,
      mimeType: checkedMime(type || undefined),
      cacheControl: cacheControlOf(header(raw, 'cache-control'), false),
      userMetadata: xMetadata === undefined ? undefined : userMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')),
      length: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
    });
  }
  return new Promise((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: raw.headers, limits: { files: 1, fields: 10, fieldSize: MAX_USER_METADATA, parts: 12, headerPairs: 50 } });
    } catch {
      reject(ERRORS.invalidRequest('Malformed multipart form'));
      return;
    }
    const fields: Record<string, string> = {};
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      raw.unpipe(form);
      reject(error);
    };
    form.on('field', (name, value) => {
      fields[name] = value;
    });
    form.on('file', (_name, stream, info) => {
      if (settled) {
        stream.resume();
        return;
      }
      try {
        const file: IncomingFile = {
          body: stream,
          mimeType: checkedMime(info.mimeType),
          cacheControl: cacheControlOf(fields.cacheControl, true),
          userMetadata: userMetadata(fields.metadata),
        };
        settled = true;
        stream.pause();
        resolve(file);
      } catch (error) {
        stream.resume();
        fail(error);
      }
    });
    form.on('error', () => fail(ERRORS.invalidRequest('Malformed multipart form')));
    form.on('close', () => fail(ERRORS.noContent()));
    raw.on('error', fail);
    raw.pipe(form);
  });
}
