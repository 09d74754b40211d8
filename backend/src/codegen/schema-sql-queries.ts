/**
 * The pg_catalog queries behind schema-sql.ts, each over the app's schemas ($1, text[]). They run
 * with an empty search_path, so every name the deparsers print (pg_get_expr, pg_get_constraintdef,
 * pg_get_functiondef, …) carries its schema, as in pg_dump. Objects that belong to an extension
 * are left out: they are the extension's, not the app's.
 */

/** An object that is not a member of an extension (pg_depend deptype 'e'). */
const notExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/**
 * Grants as `[grantee, privilege, grantable]` rows: the ACL, or the default one when it is NULL. The
 * owner's own are left out, and MAINTAIN (PostgreSQL 17+, which PGlite runs) as PostgreSQL 15 has none.
 */
const grants = (acl: string, kind: string, owner: string) => `
coalesce((select json_agg(json_build_array(case when g.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(g.grantee)) end,
                                           g.privilege_type, g.is_grantable) order by g.grantee, g.privilege_type)
          from aclexplode(coalesce(${acl}, acldefault(${kind}, ${owner}))) g
          where g.grantee <> ${owner} and g.privilege_type <> 'MAINTAIN'), '[]'::json)::text`;

export const SCHEMAS_SQL = `
select quote_ident(n.nspname) as name, obj_description(n.oid, 'pg_namespace') as comment, ${grants('n.nspacl', "'n'", 'n.nspowner')} as grants
from pg_namespace n where n.nspname = any($1) order by n.nspname`;

export const TYPES_SQL = `
select format('%I.%I', n.nspname, t.typname) as name, t.typtype as kind, obj_description(t.oid, 'pg_type') as comment,
       (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels,
       (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
          from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as attributes,
       format_type(t.typbasetype, t.typtypmod) as base, t.typnotnull as not_null, t.typdefault as default_expr,
       (select string_agg(pg_get_constraintdef(c.oid, true), ' ' order by c.conname) from pg_constraint c where c.contypid = t.oid) as checks
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where n.nspname = any($1) and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
  and ${notExtension('pg_type', 't.oid')}
order by n.nspname, t.typname`;

/** Tables, views and sequences; the details of each come from the queries below, by oid. Identity sequences are their column's. */
export const RELATIONS_SQL = `
select c.oid::text as oid, n.nspname as schema, format('%I.%I', n.nspname, c.relname) as name, c.relkind as kind,
       c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, obj_description(c.oid, 'pg_class') as comment,
       case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as view_def,
       ${grants('c.relacl', `case when c.relkind = 'S' then 's' else 'r' end::"char"`, 'c.relowner')} as grants
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
  and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('e', 'i'))
-- Tables, then views (which read them), then sequences.
order by n.nspname, case when c.relkind in ('v', 'm') then 1 when c.relkind = 'S' then 2 else 0 end, c.relname`;

export const COLUMNS_SQL = `
select a.attrelid::text as oid, quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
       case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_expr,
       case when a.attgenerated <> '' then pg_get_expr(d.adbin, d.adrelid) end as generated_expr,
       case a.attidentity when 'a' then 'always' when 'd' then 'by default' end as identity,
       col_description(a.attrelid, a.attnum) as comment,
       coalesce((select json_agg(json_build_array(case when g.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(g.grantee)) end,
                                                  g.privilege_type, g.is_grantable) order by g.grantee, g.privilege_type)
                 from aclexplode(a.attacl) g), '[]'::json)::text as grants
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

/** Table constraints; PostgreSQL 18's catalogued NOT NULL constraints are shown on their columns. */
export const CONSTRAINTS_SQL = `
select c.conrelid::text as oid, quote_ident(c.conname) as name, c.contype as kind, pg_get_constraintdef(c.oid, true) as def,
       obj_description(c.oid, 'pg_constraint') as comment
from pg_constraint c
join pg_namespace n on n.oid = c.connamespace
where n.nspname = any($1) and c.conrelid <> 0 and c.contype <> 'n'
order by c.conrelid, array_position(array['p', 'u', 'f', 'c', 'x', 't']::"char"[], c.contype), c.conname`;

/** Indexes that no primary key, unique or exclusion constraint made. */
export const INDEXES_SQL = `
select i.indrelid::text as oid, pg_get_indexdef(i.indexrelid) as def, obj_description(i.indexrelid, 'pg_class') as comment,
       format('%I.%I', n.nspname, ic.relname) as name
from pg_index i
join pg_class ic on ic.oid = i.indexrelid
join pg_namespace n on n.oid = ic.relnamespace
where n.nspname = any($1)
  and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
order by i.indrelid, ic.relname`;

/** Triggers on the app's tables, and the app's triggers on other schemas' tables (e.g. auth.users). */
export const TRIGGERS_SQL = `
select t.tgrelid::text as oid, format('%I.%I', tn.nspname, tc.relname) as rel, tn.nspname = any($1) as own_table,
       quote_ident(t.tgname) as name, pg_get_triggerdef(t.oid, true) as def, obj_description(t.oid, 'pg_trigger') as comment
from pg_trigger t
join pg_class tc on tc.oid = t.tgrelid
join pg_namespace tn on tn.oid = tc.relnamespace
join pg_proc p on p.oid = t.tgfoid
join pg_namespace pn on pn.oid = p.pronamespace
where not t.tgisinternal and (tn.nspname = any($1) or pn.nspname = any($1))
order by tn.nspname, tc.relname, t.tgname`;

export const POLICIES_SQL = `
select p.polrelid::text as oid, quote_ident(p.polname) as name, p.polpermissive as permissive, p.polcmd as cmd,
       coalesce((select string_agg(case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end, ', ' order by r = 0 desc, pg_get_userbyid(r))
                 from unnest(p.polroles) r), 'public') as roles,
       pg_get_expr(p.polqual, p.polrelid) as using_expr, pg_get_expr(p.polwithcheck, p.polrelid) as check_expr,
       obj_description(p.oid, 'pg_policy') as comment
from pg_policy p
join pg_class c on c.oid = p.polrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1)
order by p.polrelid, p.polname`;

export const PUBLICATIONS_SQL = `
select c.oid::text as oid, quote_ident(p.pubname) as publication
from pg_publication_rel pr
join pg_publication p on p.oid = pr.prpubid
join pg_class c on c.oid = pr.prrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1)
order by p.pubname`;

export const FUNCTIONS_SQL = `
select n.nspname as schema, format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as signature,
       case p.prokind when 'p' then 'procedure' else 'function' end as kind,
       pg_get_functiondef(p.oid) as def, obj_description(p.oid, 'pg_proc') as comment,
       ${grants('p.proacl', "'f'", 'p.proowner')} as grants
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
where n.nspname = any($1) and p.prokind in ('f', 'p') and ${notExtension('pg_proc', 'p.oid')}
order by n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`;
