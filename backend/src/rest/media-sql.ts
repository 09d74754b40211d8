/**
 * The answer's body in its media type, as SQL over the JSON the planned statement renders
 * (query-builder.ts): JSON text, JSON without null keys (nulls=stripped: json_strip_nulls), or CSV
 * — all rendered by the database in the request's one statement, so numbers keep their exact text.
 */
import type { Media } from './media';

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
const csvOf = (j: string) => `(
with pgrst_rows as (
  select r, n from json_array_elements(case when json_typeof(${j}) = 'array' then ${j} else json_build_array(${j}) end) with ordinality as e(r, n)
  where json_typeof(r) = 'object'
)
select coalesce((select string_agg(k, ',' order by o) from pgrst_rows, json_object_keys(r) with ordinality as x(k, o) where n = (select min(n) from pgrst_rows)), '')
  || coalesce((select string_agg(E'\\n' || coalesce((select string_agg(${CSV_FIELD}, ',' order by o)
       from json_each(r) with ordinality as f(k, j, o), lateral (select ${FIELD_TEXT} as v) as t), ''), '' order by n) from pgrst_rows), ''))`;

/** `json` (an SQL expression of type json) as the body text of `media`; a scalar stays its JSON text in CSV. */
export function mediaBody(media: Media, json: string): string {
  if (media.stripNulls) return `json_strip_nulls(${json})::text`;
  if (media.format === 'csv') return `case when json_typeof(${json}) in ('array', 'object') then coalesce(${csvOf(json)}, '') else ${json}::text end`;
  return `${json}::text`;
}
