/**
 * The errors of resource embedding (read-plan.ts, related-order.ts), written as PostgREST writes
 * them. An embed is named in messages by what the select wrote before its parentheses (never by
 * its alias: `director:pc_directors!hint(*)` is 'pc_directors'), its parent by the relation read
 * at that level, and the schema is the one the request searched (its profile).
 */
import { RestApiError } from '../http/errors';

/** PGRST200: no relationship between the two (with the hint, when one was given). */
export const relationshipNotFound = (schema: string, parent: string, name: string, hint?: string) =>
  new RestApiError(400, 'PGRST200', `Could not find a relationship between '${parent}' and '${name}' in the schema cache`, {
    details: `Searched for a foreign key relationship between '${parent}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
  });

interface EmbedRel {
  cardinality: string;
  origin: string;
  target: string;
  constraint: string;
  cols: [string, string][];
  junction?: { table: string; constraint1: string; constraint2: string; source: [string, string][]; target: [string, string][] };
}

/**
 * PGRST201 as PostgREST 12 writes it: one `{cardinality, embedding, relationship}` per candidate,
 * and a hint that names each candidate as `target!constraint` (the junction for many-to-many) —
 * the relation it reaches, whatever the embed was written as.
 */
export function ambiguousEmbed(parent: string, name: string, rels: EmbedRel[]): RestApiError {
  const list = (cols: string[]) => `(${cols.join(', ')})`;
  const details = rels.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${r.origin} with ${r.target}`,
    relationship: r.junction
      ? `${r.junction.table} using ${r.junction.constraint1}${list(r.junction.source.map((c) => c[1]))} and ${r.junction.constraint2}${list(r.junction.target.map((c) => c[0]))}`
      : `${r.constraint} using ${r.origin}${list(r.cols.map((c) => c[0]))} and ${r.target}${list(r.cols.map((c) => c[1]))}`,
  }));
  const hints = rels.map((r) => `'${r.target}!${r.junction ? r.junction.table : r.constraint}'`).join(', ');
  return new RestApiError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent}' and '${name}'`, {
    details: details as never,
    hint: `Try changing '${name}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  });
}

/** 42712: two embeds under the same key (PostgreSQL's duplicate alias, as PostgREST answers it). */
export const duplicateEmbed = (key: string) => new RestApiError(400, '42712', `table name "${key.slice(0, 63)}" specified more than once`);

/** PGRST118: `order=rel(col)` where `rel` gives many rows per parent row. */
export const relatedOrderNotToOne = (parent: string, rel: string) =>
  new RestApiError(400, 'PGRST118', `A related order on '${rel}' is not possible`, {
    details: `'${parent}' and '${rel}' do not form a many-to-one or one-to-one relationship`,
  });

/** PGRST123: an aggregate in select while db-aggregates-enabled is off (REST_AGGREGATES_ENABLED). */
export const aggregatesDisabled = () => new RestApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
