-- Platform: the roles and the auth schema that a hosted Supabase project provides.
-- Owned by the backend, applied before supabase/migrations. Safe to re-run.

-- The three API roles. PostgREST-style requests switch to one of them inside their transaction
-- (set_config('role', …, true)); row-level security then applies. None can log in.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The connecting role must be able to switch to them (a no-op for a superuser).
  execute format('grant anon, authenticated, service_role to %I', current_user);
end
$$;

create extension if not exists pgcrypto;
create extension if not exists pg_trgm;
create extension if not exists citext;

create schema if not exists auth;
comment on schema auth is 'Accounts, sessions and tokens of /auth/v1. Only the backend''s own connection writes here.';

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  phone text,
  phone_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  banned_until timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_normalised check (email is null or email = lower(btrim(email)))
);
create unique index if not exists users_email_key on auth.users (email) where email is not null;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;
comment on table auth.users is 'One row per account. Emails are stored trimmed and lower-case.';

-- The request's verified JWT claims, set per transaction by the REST layer.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select nullif(auth.jwt() ->> 'role', '')
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select nullif(auth.jwt() ->> 'email', '')
$$;

grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- The public schema is what /rest/v1 exposes. Tables get privileges explicitly in their own
-- migrations; row-level security decides which rows.
grant usage on schema public to anon, authenticated, service_role;
