/**
 * Request bodies and query strings of /storage/v1, validated once with zod: anything malformed is
 * a 400 InvalidRequest naming the field, never a 500 further in. Shared shapes (a file size with a
 * unit, a page size) live here so each rule is written once.
 */
import { z } from 'zod';
import { ERRORS } from './errors';

/** Parse `value` with `schema`, or throw storage's 400 naming the first problem. */
export function parse<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'querystring' = 'body'): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw ERRORS.invalidRequest(`${where}${issue.path.length ? '/' + issue.path.join('/') : ''} ${issue.message}`);
}

/** Supabase's file size: bytes as a number, or text with a unit ("20MB", "30KB", "3B"; decimal). */
export const fileSize = z.union([
  z.number().int().positive(),
  z.string().regex(/^[0-9]+(\.[0-9]+)?(gb|mb|kb|b)$/i, 'must be a size such as 20MB / 30KB / 3B').transform((text) => {
    const [, value, unit] = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text)!;
    const factor = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[unit!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
    return Math.round(Number.parseFloat(Number(value).toPrecision(3)) * factor);
  }),
]);

export const mimeList = z.array(z.string().min(1).max(200)).max(100);

/** A query-string integer (they arrive as text). */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
