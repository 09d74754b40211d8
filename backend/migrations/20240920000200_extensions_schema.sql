-- Platform: the `extensions` schema of a hosted Supabase project, with uuid-ossp and pgcrypto in
-- it, so SQL written for Supabase finds `extensions.uuid_generate_v4()`, `crypt()` and `gen_salt()`
-- (seeds make users with `crypt('…', gen_salt('bf'))`). Created where the database provides the
-- extension (PGlite ships both; PostgreSQL has them in its contrib package). Unqualified calls
-- resolve as on hosted Supabase because `extensions` is on the search path: of the database's
-- sessions (set here), of every migration (db/migrate.ts) and of every /rest/v1 and /storage/v1
-- transaction (db/scope.ts, PostgREST's db-extra-search-path there). Safe to re-run.

create schema if not exists extensions;
comment on schema extensions is 'Extensions of the database, as on hosted Supabase (uuid-ossp, pgcrypto).';
grant usage on schema extensions to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_extension where extname = 'uuid-ossp')
     and exists (select 1 from pg_available_extensions where name = 'uuid-ossp') then
    create extension "uuid-ossp" with schema extensions;
  end if;
  -- pgcrypto came with the roles migration into public; hosted Supabase keeps it in extensions.
  -- Nothing of Need40 calls its functions, and the search path finds them there.
  if exists (select 1 from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto' and n.nspname <> 'extensions') then
    alter extension pgcrypto set schema extensions;
  end if;
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;

grant execute on all functions in schema extensions to anon, authenticated, service_role;
