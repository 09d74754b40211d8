/**
 * Media types of /rest/v1 answers, negotiated from Accept as PostgREST does: the first acceptable
 * type by quality wins; none acceptable is 406 PGRST107. Served: application/json (and `*\/*`,
 * `application/*`), application/vnd.pgrst.object+json (.single()), application/vnd.pgrst.array+json,
 * both with `nulls=stripped`, and text/csv; text/plain and application/octet-stream only for
 * the raw value of a function returning text or bytea. Not served, so 406: the plan
 * (application/vnd.pgrst.plan+json), application/geo+json, and anything else.
 */
import { notAcceptable } from './errors';

export interface Media {
  /** How the planners shape the rows: an array, or the single object of .single(). */
  shape: 'json' | 'object';
  /** text/binary: a function's raw text or bytea value (rpc.ts); 406 anywhere else. */
  format: 'json' | 'csv' | 'text' | 'binary';
  /** nulls=stripped: keys whose value is null are left out (at every depth, as json_strip_nulls). */
  stripNulls: boolean;
  contentType: string;
  /** The Accept header as sent (for PGRST107). */
  requested: string;
}

const JSON_CT = 'application/json; charset=utf-8';

function candidate(type: string, params: Map<string, string>): Omit<Media, 'requested'> | undefined {
  const strip = params.get('nulls') === 'stripped';
  switch (type) {
    case '*/*':
    case 'application/*':
    case 'application/json':
      return { shape: 'json', format: 'json', stripNulls: false, contentType: JSON_CT };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { shape: 'json', format: 'json', stripNulls: strip, contentType: strip ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8' : JSON_CT };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { shape: 'object', format: 'json', stripNulls: strip, contentType: `application/vnd.pgrst.object+json;${strip ? ' nulls=stripped;' : ''} charset=utf-8` };
    case 'text/csv':
      return { shape: 'json', format: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
    case 'text/plain':
      return { shape: 'json', format: 'text', stripNulls: false, contentType: 'text/plain; charset=utf-8' };
    case 'application/octet-stream':
      return { shape: 'json', format: 'binary', stripNulls: false, contentType: 'application/octet-stream' };
    default:
      return undefined;
  }
}

/** The answer's media type from the Accept header (absent: application/json). */
export function negotiate(accept: string | undefined): Media {
  const raw = (accept ?? '').trim();
  if (raw === '') return { ...candidate('application/json', new Map())!, requested: raw };
  const ranges = raw.split(',').slice(0, 20).map((part, i) => {
    const [type = '', ...rest] = part.split(';').map((s) => s.trim());
    const params = new Map(rest.map((p) => p.split('=').map((s) => s.trim().toLowerCase()) as [string, string]));
    const q = Number(params.get('q') ?? '1');
    return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0, i };
  });
  ranges.sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranges) {
    if (r.q <= 0) continue;
    const m = candidate(r.type, r.params);
    if (m) return { ...m, requested: raw };
  }
  throw notAcceptable(raw);
}

/** Tables and views answer JSON or CSV only: a raw text or binary answer is 406 (PGRST107). */
export function structuredOnly(media: Media): void {
  if (media.format === 'text' || media.format === 'binary') throw notAcceptable(media.requested);
}
