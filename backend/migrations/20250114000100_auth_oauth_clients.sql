-- Auth: the OAuth clients an admin registers (GoTrue's /admin/oauth/clients, behind
-- OAUTH_SERVER_ENABLED), in GoTrue's own table shape (supabase/auth migrations up to
-- 20260121000000) so SQL written against a hosted project's auth.oauth_clients reads the same
-- columns. Redirect URIs and grant types are comma-joined text, as there. Only the SHA-256 of a
-- confidential client's secret is kept; the secret itself is shown once. A removed client keeps
-- its row with deleted_at set. Only the backend's own connection reads or writes it: RLS on, no
-- policy, no grants to the API roles. Safe to re-run.
do $$ begin
  create type auth.oauth_registration_type as enum ('dynamic', 'manual');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.oauth_client_type as enum ('public', 'confidential');
exception when duplicate_object then null;
end $$;

create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  client_uri text constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  logo_uri text constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none'))
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
alter table auth.oauth_clients enable row level security;
revoke all on auth.oauth_clients from anon, authenticated, service_role;
comment on table auth.oauth_clients is
  'OAuth clients registered by an admin (GoTrue''s shape): redirect URIs, grant types, type and token endpoint auth method; a confidential client''s secret as its SHA-256 only.';
