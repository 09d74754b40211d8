/**
 * The transformation of /render/image, as storage-js sends it (width, height, resize, quality,
 * format in the query string, or `transform` in a signed URL's body), validated with Supabase
 * Storage's bounds.
 */
import { z } from 'zod';
import { parse } from './input';

/** Supabase Storage's largest output side. */
export const MAX_SIDE = 2500;

const side = z.coerce.number().int().min(1).max(MAX_SIDE);
export const transformSchema = z.object({
  width: side.optional(),
  height: side.optional(),
  resize: z.enum(['cover', 'contain', 'fill']).optional(),
  quality: z.coerce.number().int().min(20).max(100).optional(),
  format: z.enum(['origin', 'avif', 'webp', 'jpeg', 'png']).optional(),
});

export type Transform = z.infer<typeof transformSchema>;

/** The transformation in a query string (other parameters, such as download or token, are ignored). */
export function transformOf(query: unknown): Transform {
  const q = (query ?? {}) as Record<string, unknown>;
  return parse(transformSchema, { width: q.width, height: q.height, resize: q.resize, quality: q.quality, format: q.format }, 'querystring');
}

export const hasTransform = (t: Transform | undefined) => !!t && Object.values(t).some((v) => v !== undefined);
