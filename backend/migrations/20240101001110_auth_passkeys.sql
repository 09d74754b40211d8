-- Auth: passkeys (first-factor WebAuthn sign-in, GoTrue's /passkeys routes). A credential belongs
-- to one user; a ceremony is a one-time challenge (registration: for a signed-in user;
-- authentication: for nobody yet, the user comes from the credential). Only the backend's own
-- connection reads or writes them: RLS on, no policy, no grants to the API roles. Safe to re-run.
create table if not exists auth.webauthn_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id text not null unique,
  public_key text not null,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  aaguid uuid,
  friendly_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);
alter table auth.webauthn_credentials enable row level security;
revoke all on auth.webauthn_credentials from anon, authenticated, service_role;
comment on table auth.webauthn_credentials is 'Passkeys: a user''s WebAuthn credentials for signing in (public key, signature counter).';

create table if not exists auth.webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('registration', 'authentication')),
  challenge text not null,
  created_at timestamptz not null default now()
);
create index if not exists webauthn_challenges_created_at_idx on auth.webauthn_challenges (created_at);
alter table auth.webauthn_challenges enable row level security;
revoke all on auth.webauthn_challenges from anon, authenticated, service_role;
comment on table auth.webauthn_challenges is 'Passkey ceremonies: one-time challenges, removed when used or expired.';
