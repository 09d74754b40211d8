-- Platform: the `storage` schema of a hosted Supabase project, as /storage/v1 uses it.
--   * storage.buckets — one row per bucket: public flag, file size limit, allowed MIME types;
--   * storage.objects — one row per object (bucket, name, owner, metadata); the bytes live in the
--     object store (STORAGE_DIR or S3), keyed by the row's `version`, never by its name.
-- Access is row-level security written by the app in SQL, exactly as on hosted Supabase:
--   create policy "own folder" on storage.objects for insert to authenticated
--   with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
-- /storage/v1 runs every request in a transaction as the caller's role with the caller's claims,
-- so these policies decide. RLS is on with no policy: until the app adds policies only the service
-- role (bypassrls) may use storage. Columns, grants and helper functions match hosted Supabase so
-- app SQL applies unchanged. Safe to re-run.

create schema if not exists storage;
comment on schema storage is 'Buckets and objects of /storage/v1; access by row-level security on storage.objects and storage.buckets.';
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  constraint buckets_name_length check (char_length(name) between 1 and 100),
  constraint buckets_file_size_limit_positive check (file_size_limit is null or file_size_limit > 0)
);
create unique index if not exists bname on storage.buckets (name);
comment on table storage.buckets is 'Buckets of /storage/v1: public buckets serve their objects without a token; limits apply to every upload.';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
-- Listing by prefix in byte order (list, list-v2): a C-collation index serves `name >= prefix`.
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
-- The per-member quota sums sizes by owner.
create index if not exists objects_owner_idx on storage.objects (owner) where owner is not null;
comment on table storage.objects is 'Objects of /storage/v1: metadata (size, mimetype, eTag, cacheControl) and the version that names the bytes in the object store.';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on table storage.buckets, storage.objects to anon, authenticated, service_role;

-- Helpers app policies use (hosted Supabase's, same names and results).
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;
comment on function storage.foldername(text) is 'The folders of an object name: storage.foldername(''a/b/c.png'') = {a,b}.';
comment on function storage.filename(text) is 'The last segment of an object name.';
comment on function storage.extension(text) is 'The extension of an object name, without the dot.';
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;

create or replace function storage.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function storage.set_updated_at() from public;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects for each row execute function storage.set_updated_at();
drop trigger if exists update_buckets_updated_at on storage.buckets;
create trigger update_buckets_updated_at before update on storage.buckets for each row execute function storage.set_updated_at();
