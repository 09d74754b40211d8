/**
 * What the TypeScript generator needs beyond the REST schema cache (rest/schema-cache.ts), read
 * from pg_catalog the way postgres-meta reads it for `supabase gen types typescript`: enum labels,
 * standalone composite types and domains (any non-system schema, since a column may use a type
 * of another schema), which identity columns are GENERATED ALWAYS (never written), and which
 * views and view columns accept writes.
 */
import type { Tx } from '../db/types';

export interface NamedType {
  schema: string;
  name: string;
  kind: 'enum' | 'composite' | 'domain';
  /** Enum labels in their sort order. */
  labels: string[];
  /** Composite attributes in order: [name, type name (typname, `_x` for arrays)]. */
  attributes: [string, string][];
  /** A domain's base type (typname). */
  base: string | null;
}

export interface TypegenFacts {
  /** By type name (typname); a name used in several schemas keeps every entry. */
  types: Map<string, NamedType[]>;
  /** `table.column` of GENERATED ALWAYS identity columns of the schema. */
  identityAlways: Set<string>;
  /** Views of the schema that take INSERT and UPDATE (pg_relation_is_updatable). */
  updatableViews: Set<string>;
  /** `view.column` of view columns that can be written. */
  updatableColumns: Set<string>;
}

const TYPES_SQL = `
select n.nspname as schema, t.typname as name,
       case t.typtype when 'e' then 'enum' when 'd' then 'domain' else 'composite' end as kind,
       coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]'::json)::text as labels,
       coalesce((select json_agg(json_build_array(a.attname, at.typname) order by a.attnum)
                 from pg_attribute a join pg_type at on at.oid = a.atttypid
                 where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]'::json)::text as attributes,
       bt.typname as base
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
left join pg_type bt on bt.oid = t.typbasetype and t.typtype = 'd'
where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
order by n.nspname, t.typname`;

const COLUMN_FACTS_SQL = `
select c.relname as rel, a.attname as column, a.attidentity = 'a' as always,
       c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false) as updatable,
       c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as view_updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

export async function typegenFacts(tx: Tx, schema: string): Promise<TypegenFacts> {
  const types = new Map<string, NamedType[]>();
  const rows = await tx.query<{ schema: string; name: string; kind: NamedType['kind']; labels: string; attributes: string; base: string | null }>(TYPES_SQL);
  for (const r of rows.rows) {
    const type: NamedType = { schema: r.schema, name: r.name, kind: r.kind, labels: JSON.parse(r.labels), attributes: JSON.parse(r.attributes), base: r.base };
    types.set(r.name, [...(types.get(r.name) ?? []), type]);
  }
  const facts: TypegenFacts = { types, identityAlways: new Set(), updatableViews: new Set(), updatableColumns: new Set() };
  const cols = await tx.query<{ rel: string; column: string; always: boolean; updatable: boolean; view_updatable: boolean }>(COLUMN_FACTS_SQL, [schema]);
  for (const r of cols.rows) {
    if (r.always) facts.identityAlways.add(`${r.rel}.${r.column}`);
    if (r.updatable) facts.updatableColumns.add(`${r.rel}.${r.column}`);
    if (r.view_updatable) facts.updatableViews.add(r.rel);
  }
  return facts;
}
