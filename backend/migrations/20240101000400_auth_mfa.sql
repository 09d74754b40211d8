-- Auth: multi-factor authentication (TOTP, RFC 6238).
create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text,
  phone text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (user_id, friendly_name)
  where friendly_name is not null and friendly_name <> '';
comment on table auth.mfa_factors is 'Second factors of a user; verified ones require aal2 for sensitive changes.';

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  ip_address text,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);
comment on table auth.mfa_challenges is 'A challenge answered by one TOTP code; expires after a few minutes.';
