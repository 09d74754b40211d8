/**
 * Fields: a column of a table, with an optional JSON path (`col->a->>b`), as SQL over one table
 * alias with its resulting type, and the casts a select may apply to it. Used by the select list,
 * order terms and filters alike.
 */
import { parseError, undefinedColumn } from './errors';
import type { Field } from './query-string';
import type { Table } from './schema-cache';
import { ident, qualified, value } from './sql';

export interface FieldSql {
  sql: string;
  /** A catalog type name the values compared with it are cast to. */
  type: string;
  isArray: boolean;
}

/** `alias."col"->'a'->>'b'`, with the resulting type. */
export function compileField(table: Table, alias: string, field: Field): FieldSql {
  const computed = table.columns.has(field.name) ? undefined : table.computed.get(field.name);
  // A computed field is its function applied to the row (the alias is a whole-row reference).
  const col = computed ?? table.columns.get(field.name);
  if (!col) throw undefinedColumn(table.name, field.name);
  let sql = computed ? `${qualified(table.schema, computed.fn)}(${alias})` : `${alias}.${ident(field.name)}`;
  if (field.jsonPath.length === 0) return { sql, type: col.type, isArray: col.isArray };
  if (col.baseType !== 'json' && col.baseType !== 'jsonb') {
    throw parseError(`JSON path on column "${field.name}" which is not json or jsonb`);
  }
  for (const step of field.jsonPath) {
    const key = /^-?\d+$/.test(step.key) ? `${value(step.key)}::integer` : value(step.key);
    sql = `(${sql} ${step.op} ${key})`;
  }
  const last = field.jsonPath[field.jsonPath.length - 1]!;
  return { sql, type: last.op === '->>' ? 'text' : col.type, isArray: false };
}

/**
 * Casts a select may ask for (`select=rate::text`). Scalar types only: a cast makes the database
 * parse the column's text, and the parsers of json, jsonb, tsquery, tsvector, xml, arrays and the
 * pseudo-types fail on hostile stored text — a 500 (`::unknown` is XX000, `::tsvector` of a long
 * word 54000) or, on PGlite, a stack overflow (a profile's bio of 8 000 "[" cast to jsonb). json
 * and jsonb are allowed from json/jsonb values (no text is parsed), `type[]` from array columns.
 */
const SCALAR_CASTS = new Set([
  'text', 'varchar', 'char', 'bpchar', 'name', 'citext', 'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint',
  'numeric', 'decimal', 'real', 'float4', 'float8', 'bool', 'boolean', 'date', 'time', 'timetz', 'timestamp', 'timestamptz',
  'interval', 'uuid', 'money', 'inet', 'cidr', 'macaddr', 'oid',
]);
const JSON_TYPES = new Set(['json', 'jsonb']);

export function checkCast(field: FieldSql, cast: string, column: string): void {
  const target = cast.toLowerCase();
  const element = target.endsWith('[]') ? target.slice(0, -2) : undefined;
  const fromJson = !field.isArray && JSON_TYPES.has(field.type);
  const ok = element !== undefined ? field.isArray && SCALAR_CASTS.has(element) : SCALAR_CASTS.has(target) || (JSON_TYPES.has(target) && fromJson);
  if (!ok) {
    throw parseError(`Cannot cast "${column}" to "${cast.slice(0, 64)}"`, `Casts in select may name a scalar type (${[...SCALAR_CASTS].join(', ')}), json/jsonb for json values, or type[] for array columns.`);
  }
}
