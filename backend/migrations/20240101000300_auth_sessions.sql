-- Auth: sessions and their rotating refresh tokens. Both live in the database so that every
-- backend instance accepts every other instance's tokens; an access token is honoured only while
-- its session row exists (logout deletes it → session_not_found).
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  -- Authentication methods: [{"method": "password", "timestamp": 1700000000}, …]
  amr jsonb not null default '[]'::jsonb,
  factor_id uuid,
  user_agent text,
  ip text,
  refreshed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
comment on table auth.sessions is 'One row per signed-in device. Deleting it ends the session everywhere.';

create table if not exists auth.refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  -- sha256 of the token; the token itself is HMAC(JWT secret, id) and never stored.
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent uuid,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
comment on table auth.refresh_tokens is 'Rotating refresh tokens: each use revokes the token and issues a child; a late reuse revokes the session.';
