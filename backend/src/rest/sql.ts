/**
 * SQL building blocks for the REST layer. Every identifier that reaches SQL comes from the schema
 * cache and is quoted here; every value from the request is a literal written by `value()`, never
 * spliced in raw. Values are literals rather than $n parameters so that a request's settings and
 * statement travel as one query string: one round trip to PostgreSQL, one call into PGlite
 * (db/types.ts, `request`). A literal is `E'…'` with quotes and backslashes doubled (what libpq's
 * PQescapeLiteral writes), which reads the same whatever standard_conforming_strings says.
 */
import { RestApiError } from '../http/errors';

/** Quote an identifier ("a""b"). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A string literal ('it''s') for trusted text such as catalog names. */
export function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** schema.name, both quoted. */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** PostgreSQL's own answer to a NUL character in text (what a $n parameter got before). */
const nulInText = () => new RestApiError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');

/**
 * A request's value as a typed text literal: `E'…'::text`, or `null::text`. Text cannot hold NUL
 * (PostgreSQL refuses it, 22021), so a value with one is refused here, before any SQL is sent.
 */
export function value(v: string | null): string {
  if (v === null) return 'null::text';
  if (v.includes('\u0000')) throw nulInText();
  return `E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'::text`;
}

/** A PostgreSQL array literal from strings ({"a","b\"c"}); null elements as NULL. */
export function arrayLiteral(items: (string | null)[]): string {
  return `{${items.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
