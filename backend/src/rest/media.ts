/**
 * Media types of /rest/v1 answers, negotiated from Accept as PostgREST does: the first acceptable
 * type by quality wins; none acceptable is 406 PGRST107. Served: application/json (and `*\/*`,
 * `application/*`), application/vnd.pgrst.object+json (.single()), application/vnd.pgrst.array+json,
 * both with `nulls=stripped`, and text/csv; text/plain and application/octet-stream only for
 * the raw value of a function returning text or bytea. Not served, so 406: the plan
 * (application/vnd.pgrst.plan+json), application/geo+json, and anything else.
 */
import type { Tx } from '../db/types';
import { notAcceptable } from './errors';
import type { RestResult } from './response';

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

/**
 * The planners render JSON in the database; stripped nulls and CSV are rendered from that JSON by
 * the database too (in the request's transaction), so numbers keep their exact text.
 */
export async function renderMedia(tx: Tx, result: RestResult, media: Media): Promise<RestResult> {
  if (typeof result.body !== 'string' || media.format === 'text' || media.format === 'binary' || (!media.stripNulls && media.format === 'json')) return result;
  if (media.stripNulls) {
    const { rows } = await tx.query<{ body: string }>('select json_strip_nulls($1::json)::text as body', [result.body]);
    return { ...result, body: rows[0]!.body };
  }
  // A scalar (a function's single value) is its own text.
  if (!/^[[{]/.test(result.body.trim())) return result;
  const { rows } = await tx.query<{ body: string | null }>(CSV_SQL, [result.body]);
  return { ...result, body: rows[0]?.body ?? '' };
}

/*
 * CSV as PostgREST writes it: a header of the first row's keys, then one line per row, each value
 * in the text form of a record field (quoted when empty or when it holds a comma, quote,
 * backslash, parenthesis or white space; null is empty). An array of scalars is written as
 * PostgreSQL writes an array ({a,"b c"}); objects and nested arrays keep their JSON text.
 */
const ARRAY_ELEMENT = `case json_typeof(e) when 'null' then 'NULL' when 'string' then case when e #>> '{}' = '' or e #>> '{}' ~ '[{},"\\\\[:space:]]' or lower(e #>> '{}') = 'null'
  then '"' || replace(replace(e #>> '{}', '\\', '\\\\'), '"', '\\"') || '"' else e #>> '{}' end else e::text end`;
const FIELD_TEXT = `case json_typeof(j) when 'null' then null when 'string' then j #>> '{}'
  when 'array' then case when exists (select 1 from json_array_elements(j) as x(e) where json_typeof(e) in ('object', 'array')) then j::text
    else '{' || coalesce((select string_agg(${ARRAY_ELEMENT}, ',' order by o) from json_array_elements(j) with ordinality as x(e, o)), '') || '}' end
  else j::text end`;
const CSV_FIELD = `case when v is null then '' when v = '' or v ~ '[",\\\\()[:space:]]' then '"' || replace(replace(v, '\\', '\\\\'), '"', '""') || '"' else v end`;
const CSV_SQL = `
with pgrst_rows as (
  select r, n from json_array_elements(case when json_typeof($1::json) = 'array' then $1::json else json_build_array($1::json) end) with ordinality as e(r, n)
  where json_typeof(r) = 'object'
)
select coalesce((select string_agg(k, ',' order by o) from pgrst_rows, json_object_keys(r) with ordinality as x(k, o) where n = (select min(n) from pgrst_rows)), '')
  || coalesce((select string_agg(E'\\n' || coalesce((select string_agg(${CSV_FIELD}, ',' order by o)
       from json_each(r) with ordinality as f(k, j, o), lateral (select ${FIELD_TEXT} as v) as t), ''), '' order by n) from pgrst_rows), '') as body`;
