/**
 * /render/image — an image object resized and re-encoded on the way out with sharp (libvips):
 * width, height, resize (cover, the default; contain; fill), quality (default 80) and format
 * ("origin" keeps the source's; otherwise WebP when the browser accepts it, as Supabase does).
 * Who may read the source is locate.ts; a signed URL carries its transformation in its token.
 *
 * Bounded work: only raster sources (never SVG: libvips would parse XML), at most
 * RENDER_MAX_SOURCE_BYTES and RENDER_MAX_PIXELS, no enlargement past the source, two renders at
 * a time (libvips uses one thread each) with the rest queued, and a 304 for a transformation the
 * browser already holds (the ETag names the version and the transformation).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import type { StorageContext } from './context';
import { ERRORS } from './errors';
import { locate, type ReadMode } from './locate';
import { TRANSFORMABLE, essence } from './mime';
import { transformOf, type Transform } from './transform-options';

export const RENDER_MAX_SOURCE_BYTES = 25 * 1024 * 1024;
export const RENDER_MAX_PIXELS = 50_000_000;
const PARALLEL = 2;

sharp.concurrency(1);
sharp.cache(false);

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const FORMATS: Record<string, Format> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif' };

/** The output format: the requested one, the source's ("origin"), or WebP when accepted. */
function outputFormat(t: Transform, source: string, accept: string | undefined): Format {
  if (t.format && t.format !== 'origin') return t.format;
  if (t.format !== 'origin' && /image\/webp/.test(accept ?? '')) return 'webp';
  return FORMATS[source] ?? 'png';
}

export function renderRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const render = (mode: ReadMode) => async (request: Parameters<typeof locate>[1], reply: FastifyReply) => {
    if (!ctx.services.config.STORAGE_IMAGE_TRANSFORMATION_ENABLED) throw ERRORS.featureDisabled('imageTransformation');
    const queryTransform = mode === 'signed' ? {} : transformOf(request.query);
    const { obj, token } = await locate(ctx, request, mode);
    const t: Transform = token?.transform ?? queryTransform;
    const source = essence(obj.metadata?.mimetype ?? '');
    if (!TRANSFORMABLE.has(source)) throw ERRORS.imageProcessing('The object is not an image that can be transformed (JPEG, PNG, WebP, GIF or AVIF)');
    if ((obj.metadata?.size ?? 0) > RENDER_MAX_SOURCE_BYTES) throw ERRORS.imageProcessing(`The image is larger than ${RENDER_MAX_SOURCE_BYTES} bytes`);
    const format = outputFormat(t, source, request.headers.accept);
    const tag = `"${obj.version}-${createHash('sha256').update(JSON.stringify([t, format])).digest('hex').slice(0, 16)}"`;
    reply.header('ETag', tag).header('Cache-Control', obj.metadata?.cacheControl ?? 'no-cache').header('Vary', 'Accept').header('X-Robots-Tag', 'none');
    if (token?.exp) reply.header('Expires', new Date(token.exp * 1000).toUTCString());
    if (request.headers['if-none-match'] === tag) return reply.status(304).send();

    return slot(async () => {
      const input = await ctx.store.get(obj.version);
      const image = sharp({ limitInputPixels: RENDER_MAX_PIXELS, failOn: 'error', sequentialRead: true, animated: false }).rotate();
      if (t.width || t.height) image.resize(t.width, t.height, { fit: t.resize === 'contain' ? 'contain' : t.resize === 'fill' ? 'fill' : 'cover', withoutEnlargement: true });
      image.toFormat(format, { quality: t.quality ?? 80 });
      input.on('error', (e) => image.destroy(e));
      input.pipe(image);
      // Render fully before answering: a corrupt image is then a 400, not a cut-off 200.
      const out = await image.toBuffer().catch((error: Error) => {
        throw ERRORS.imageProcessing(`The image could not be transformed: ${error.message.slice(0, 120)}`);
      });
      return reply.status(200).header('Content-Type', `image/${format}`).header('Content-Length', out.length).send(out);
    });
  };
  const bytes = { compress: false as const };
  app.get('/render/image/public/:bucket/*', { ...bytes, config: { operation: 'storage.render.image_public' } }, render('public'));
  app.get('/render/image/authenticated/:bucket/*', { ...bytes, config: { operation: 'storage.render.image_authenticated' } }, render('authenticated'));
  app.get('/render/image/sign/:bucket/*', { ...bytes, config: { operation: 'storage.render.image_sign' } }, render('signed'));
}
