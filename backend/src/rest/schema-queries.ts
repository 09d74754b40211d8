/**
 * The pg_catalog queries the schema cache is built from (schema-cache.ts), each over the exposed
 * schema ($1).
 */
export const TABLES_SQL = `
select c.relname as table, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
       (c.relrowsecurity or c.relkind not in ('r', 'p', 'f')) as rls,
       a.attname as column, format_type(a.atttypid, null) as type,
       coalesce(et.typname, t.typname) as base_type, (t.typcategory = 'A') as is_array,
       not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as default_expr,
       a.attidentity <> '' as identity, a.attidentity = 'a' as identity_always, a.attgenerated <> '' as generated
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by c.relname, a.attnum`;

export const PKEYS_SQL = `
select c.relname as table, array_agg(a.attname order by k.ord)::text[] as columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
where n.nspname = $1 and con.contype = 'p'
group by c.relname`;

export const FKEYS_SQL = `
select con.conname as name, c.relname as table, fc.relname as foreign_table,
       array_agg(a.attname order by k.ord)::text[] as columns,
       array_agg(fa.attname order by k.ord)::text[] as foreign_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid
join pg_namespace fn on fn.oid = fc.relnamespace
cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(attnum, fattnum, ord)
join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
join pg_attribute fa on fa.attrelid = con.confrelid and fa.attnum = k.fattnum
where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1
group by con.conname, c.relname, fc.relname
order by c.relname, con.conname`;

export const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile as volatility,
       format_type(p.prorettype, null) as return_type,
       (rt.typtype = 'c' or (rt.typname = 'record' and coalesce(array_length(p.proallargtypes, 1), 0) > 0)) as returns_composite,
       rt.typname = 'void' as returns_void,
       p.pronargs as nargs, p.pronargdefaults as nargdefaults, p.prorows::float8 as rows,
       (select c.relname from pg_class c where c.oid = rt.typrelid and c.relnamespace = n.oid) as ret_rel,
       coalesce(ret.typname, rt.typname) as ret_base_type, rt.typcategory = 'A' as ret_is_array,
       obj_description(p.oid, 'pg_proc') as description,
       coalesce((select array_agg(r.rolname::text order by r.rolname) from pg_roles r
                 where r.rolname in ('anon', 'authenticated', 'service_role') and has_function_privilege(r.oid, p.oid, 'execute')), '{}') as executable_by,
       coalesce((
         select json_agg(json_build_object('name', coalesce(p.proargnames[i.ord], ''), 'type', format_type(i.typ, null),
                  'base_type', coalesce(et.typname, t.typname), 'is_array', t.typcategory = 'A',
                  'rel', (select c.relname from pg_class c where c.oid = t.typrelid and c.relnamespace = n.oid)) order by i.ord)
         from unnest(p.proargtypes::oid[]) with ordinality as i(typ, ord)
         join pg_type t on t.oid = i.typ
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       ), '[]'::json)::text as args,
       coalesce((
         select json_agg(json_build_object('name', p.proargnames[i.ord], 'type', format_type(i.typ, null),
                  'base_type', coalesce(et.typname, t.typname), 'is_array', t.typcategory = 'A') order by i.ord)
         from unnest(p.proallargtypes, p.proargmodes) with ordinality as i(typ, mode, ord)
         join pg_type t on t.oid = i.typ
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
         where i.mode in ('o', 'b', 't')
       ), (
         select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null),
                  'base_type', coalesce(et.typname, t.typname), 'is_array', t.typcategory = 'A') order by a.attnum)
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
         where a.attrelid = rt.typrelid and rt.typrelid <> 0 and a.attnum > 0 and not a.attisdropped
       ), '[]'::json)::text as columns
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_type ret on ret.oid = rt.typelem and rt.typcategory = 'A'
where n.nspname = $1 and p.prokind = 'f'
  and rt.typname not in ('trigger', 'event_trigger')
  and (p.proargmodes is null or not ('v' = any(p.proargmodes)))
  -- Functions of extensions installed in the schema (pgcrypto, pg_trgm, …) are not the app's API.
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
-- Overloads in creation order, as PostgREST lists them (PGRST203).
order by p.oid`;

/** Primary keys and unique constraints: a foreign key over one of them is one-to-one. */
export const UNIQUE_SQL = `
select c.relname as table, array_agg(a.attname order by k.ord)::text[] as columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
where n.nspname = $1 and con.contype in ('p', 'u')
group by con.oid, c.relname`;

/** The stored query of each view (or materialized view): view-columns.ts reads its target list. */
export const VIEW_RULES_SQL = `
select v.oid::text as oid, r.ev_action::text as action
from pg_rewrite r
join pg_class v on v.oid = r.ev_class
join pg_namespace n on n.oid = v.relnamespace
where n.nspname = $1 and v.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

/** Every column of the schema's tables and views by number (what the view rules point at). */
export const RELATION_COLUMNS_SQL = `
select c.oid::text as oid, c.relname as name, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
       a.attnum::int as attnum, a.attname as column
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`;
