/**
 * Media types: a bucket's allowed list (Supabase's rule: `type/subtype` or `type/*`), images
 * checked by their bytes rather than by name or declared type, and the types never served inline.
 *
 * Why each rule: a bucket that takes "images" must not store an HTML page that claims to be a PNG
 * (the browser trusts the served Content-Type); and an SVG or HTML file served inline from the
 * API's origin runs script there (stored XSS), so those are always sent as attachments in a
 * sandbox, whatever the bucket.
 */
import { ERRORS } from './errors';

/** `text/plain;charset=UTF-8` → `text/plain` (lower-case, parameters dropped). */
export function essence(mime: string): string {
  return mime.split(';')[0]!.trim().toLowerCase();
}

const TOKEN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** A declared Content-Type, checked for shape (a 400 rather than a confusing header later). */
export function checkedMime(raw: string | undefined): string {
  const mime = (raw ?? '').trim() || 'application/octet-stream';
  if (mime.length > 200 || !TOKEN.test(essence(mime)) || /[\r\n]/.test(mime)) throw ERRORS.invalidMimeType(mime);
  return mime;
}

/** Throws InvalidMimeType unless `mime` is one of `allowed` (`image/*` allows every image). */
export function checkAllowed(mime: string, allowed: string[] | null | undefined): void {
  if (!allowed || allowed.length === 0) return;
  const [type, sub] = essence(mime).split('/');
  for (const entry of allowed) {
    const [aType, aSub] = essence(entry).split('/');
    if (aType === type && (aSub === '*' || aSub === sub)) return;
  }
  throw ERRORS.invalidMimeType(mime);
}

/** Types a browser would execute or render as a document: always served as an attachment. */
const ACTIVE = new Set(['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml', 'text/javascript', 'application/javascript', 'application/x-javascript', 'text/xsl']);

export function isActiveContent(mime: string): boolean {
  return ACTIVE.has(essence(mime));
}

/** Raster images whose bytes file-type recognises (what "checked by content" covers). */
const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/tiff', 'image/heic', 'image/heif', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/apng', 'image/jxl']);
const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png', 'image/apng': 'image/png', 'image/vnd.microsoft.icon': 'image/x-icon', 'image/heif': 'image/heic' };
const canonical = (mime: string) => ALIASES[mime] ?? mime;

/** A declared type whose first bytes must prove it (the raster image types). */
export function needsContentCheck(mime: string): boolean {
  const m = essence(mime);
  return RASTER.has(m) || m === 'image/jpg' || m === 'image/pjpeg' || m === 'image/x-png';
}

/** The bytes must be the declared raster image (`detected` is file-type's answer, or undefined). */
export function checkContent(declared: string, detected: string | undefined): void {
  if (!needsContentCheck(declared)) return;
  if (!detected || canonical(detected) !== canonical(essence(declared))) throw ERRORS.contentMismatch(essence(declared));
}

/** The image formats /render/image transforms (never SVG: libvips would parse XML and follow references). */
export const TRANSFORMABLE = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp', 'image/avif']);
