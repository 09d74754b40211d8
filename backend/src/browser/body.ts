/**
 * What /browser/v1 accepts, checked before anything reaches the database. The shell sends JSON as
 * text/plain (a simple CORS request: no preflight, and it survives the page closing with
 * keepalive); application/json is accepted too. Every field has a bound; unknown fields are
 * dropped; a body that does not fit is a 400 with the field named, never a 500.
 */
import { z } from 'zod';
import { jsonDepth } from '../http/limits';
import { PlatformError } from '../http/platform-error';

export const BODY_LIMIT = 16 * 1024;
const NAME = /^[a-z][a-z0-9_-]{0,39}$/;
const ENVIRONMENT = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const versionEntry = z.object({
  version: z.string().min(1).max(80),
  assignment: z.enum(['current', 'canary', 'override', 'unreleased']),
});

const release = z.object({
  environment: z.string().regex(ENVIRONMENT).nullable().default(null),
  revision: z.number().int().min(0).nullable().optional(),
  versions: z
    .record(z.string().regex(NAME), versionEntry)
    .default({})
    .refine((v) => Object.keys(v).length <= 16, 'at most 16 remotes'),
});

export const errorReport = z.object({
  kind: z.enum(['error', 'unhandledrejection', 'slot-load', 'slot-crash']),
  message: z.string().min(1).max(1000),
  stack: z.string().max(8000).nullable().default(null),
  source: z.string().max(500).nullable().default(null),
  page: z.string().max(500).nullable().default(null),
  remote: z.string().regex(NAME).nullable().default(null),
  release: release.default({ environment: null, versions: {} }),
});
export type ErrorReport = z.infer<typeof errorReport>;

export const loadReport = z.object({ release });
export type LoadReport = z.infer<typeof loadReport>;

/** Parse a request body (a string for text/plain, an object for JSON) with `schema`; 400 on anything else. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  let raw = body;
  if (typeof body === 'string') {
    if (jsonDepth(body) > 8) throw new PlatformError(400, 'body nested too deeply');
    try {
      raw = JSON.parse(body);
    } catch {
      throw new PlatformError(400, 'body is not JSON');
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PlatformError(400, `invalid report: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}
