/**
 * What a write's RETURNING hands to the select that renders `Prefer: return=representation`:
 * the columns the request's `select` names and the parent-side columns its embeds join on — not
 * `table.*` (unless the select asks for `*`). A role that may select only some of a table's
 * columns (column grants, e.g. a profile's private contact columns) can then write and read back
 * the columns it may see, as with PostgREST, which returns only the selected columns.
 */
import type { SelectItem } from './query-string';
import type { SchemaCache, Table } from './schema-cache';
import { resolveRel } from './read-plan';

/** The columns RETURNING needs for the select `items` ('*': every column). */
export function returningColumns(cache: SchemaCache, table: Table, items: SelectItem[]): string[] | '*' {
  const names = new Set<string>();
  const whole = '*';
  for (const item of items) {
    if (item.kind === 'star') return whole;
    if (item.kind === 'column') {
      // A computed field takes the whole row as its argument.
      if (table.computed.has(item.field.name)) return whole;
      names.add(item.field.name);
    } else {
      const rel = resolveRel(cache, table, item.name, item.hint);
      if (rel.fn) return whole; // a computed relationship, likewise
      for (const [origin] of rel.junction ? rel.junction.source : rel.cols) names.add(origin);
    }
  }
  // An unknown column is left out here: rendering the select reports it (42703) before anything runs.
  return [...names].filter((n) => table.columns.has(n));
}
