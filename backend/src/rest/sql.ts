/**
 * SQL building blocks for the REST layer. Every identifier that reaches SQL comes from the schema
 * cache and is quoted here; every value is a parameter ($n, sent as text and cast in SQL). No user
 * text is ever interpolated into SQL.
 */

/** Quote an identifier ("a""b"). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A string literal ('it''s') for trusted text such as catalog names; user values are parameters. */
export function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** schema.name, both quoted. */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** Collects parameter values; `add` returns the placeholder, typed as text so every driver sends text. */
export class Params {
  readonly values: (string | null)[] = [];
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }
}

/** A PostgreSQL array literal from strings ({"a","b\"c"}); null elements as NULL. */
export function arrayLiteral(items: (string | null)[]): string {
  return `{${items.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
