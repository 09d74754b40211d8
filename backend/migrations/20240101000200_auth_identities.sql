-- Auth: identities — how a user signs in (email, or an OAuth provider's account). A user keeps at
-- least one; the last one cannot be unlinked (single_identity_not_deletable).
create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null,
  -- The account id at the provider (the user id for the email provider).
  provider_id text not null,
  identity_data jsonb not null default '{}'::jsonb,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
comment on table auth.identities is 'Sign-in methods of a user: one row per provider account (email, OAuth).';
