-- Need40 on PostgreSQL without a superuser at run time: run once per database, as a superuser
-- (e.g. `sudo -u postgres psql`), before the first start of the backend.
--
--   psql -v owner=need40_owner -v app=need40_app -v db=need40 \
--        -v owner_password="'…'" -v app_password="'…'" -f deploy/postgres/roles.sql
--
-- Two login roles, neither a superuser:
--   owner  owns the database and every object the migrations create. Only migrations connect as
--          it (DATABASE_MIGRATION_URL), at each start. It may not create databases, nor (but on
--          PostgreSQL 15, below) roles.
--   app    what requests run as (DATABASE_URL): reads and writes rows, switches to the API roles
--          (anon, authenticated, service_role) inside each request's transaction, and nothing else —
--          no CREATE, ALTER, DROP or TRUNCATE, no ownership, no new roles. BYPASSRLS, because the
--          backend's own queries (the auth schema, the notification outbox) are not requests: a
--          request's rows are still judged by row-level security, as the API role it switched to.
-- Safe to re-run (passwords are set again).

\set ON_ERROR_STOP on

-- The API roles (what the platform migration would create; only a superuser may give BYPASSRLS).
select 'create role anon nologin noinherit' where not exists (select 1 from pg_roles where rolname = 'anon') \gexec
select 'create role authenticated nologin noinherit' where not exists (select 1 from pg_roles where rolname = 'authenticated') \gexec
select 'create role service_role nologin noinherit bypassrls' where not exists (select 1 from pg_roles where rolname = 'service_role') \gexec

select format('create role %I login nosuperuser nocreatedb nocreaterole', :'owner') where not exists (select 1 from pg_roles where rolname = :'owner') \gexec
select format('create role %I login nosuperuser nocreatedb nocreaterole noinherit bypassrls', :'app') where not exists (select 1 from pg_roles where rolname = :'app') \gexec
alter role :"owner" password :owner_password;
-- PostgreSQL 15 lets only a role with CREATEROLE comment on a role, and the platform's migrations
-- comment on supabase_auth_admin (16 and newer ask for the admin option on it, granted below). On
-- 15 the owner therefore has CREATEROLE — it still runs only the migrations, at start; the app
-- role that serves requests has none.
select format('alter role %I createrole', :'owner') where current_setting('server_version_num')::int < 160000 \gexec
alter role :"app" password :app_password;

-- GoTrue's role, which auth hooks run as (the platform's migration would create it; only a role
-- with CREATEROLE may).
select 'create role supabase_auth_admin nologin noinherit' where not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') \gexec

-- The owner grants the API roles to itself in the first migration: it needs the admin option.
grant anon, authenticated, service_role, supabase_auth_admin to :"owner" with admin option;
-- The app switches to them per request (SET ROLE needs the membership, not their privileges), and
-- to supabase_auth_admin for an auth hook.
grant anon, authenticated, service_role, supabase_auth_admin to :"app";

select format('create database %I owner %I', :'db', :'owner') where not exists (select 1 from pg_database where datname = :'db') \gexec
\connect :"db"
-- pg_trgm, citext and uuid-ossp are trusted extensions: the owner creates them in its migrations.
-- pgcrypto too, but hosted Supabase keeps it in the schema `extensions`, where the platform's
-- migrations want it; a trusted extension's functions belong to the bootstrap superuser, so only a
-- superuser may move it there. Done here: before the first start, or — on a database made before
-- (pgcrypto then in public) — by running this file again before upgrading.
create schema if not exists extensions authorization :"owner";
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pgcrypto') then
    create extension pgcrypto with schema extensions;
  elsif exists (select 1 from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto' and n.nspname <> 'extensions') then
    alter extension pgcrypto set schema extensions;
  end if;
end
$$;
revoke all on database :"db" from public;
grant connect, temporary on database :"db" to :"app";
grant connect on database :"db" to anon, authenticated, service_role;

-- Whatever the owner creates from now on (the migrations) is usable by the app, and no more:
-- rows, sequences, functions and the schemas themselves; never DDL.
alter default privileges for role :"owner" grant usage on schemas to :"app";
alter default privileges for role :"owner" grant select, insert, update, delete on tables to :"app";
alter default privileges for role :"owner" grant usage, select, update on sequences to :"app";
alter default privileges for role :"owner" grant execute on functions to :"app";
