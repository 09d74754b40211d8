-- Auth: PKCE flow state (email links and OAuth) and one-time tokens carried by email links.
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  -- 'email/signup', 'recovery', 'email_change', 'oauth'
  authentication_method text not null,
  code_challenge text,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  -- Issued after the link is followed / the provider called back; exchanged once by grant_type=pkce.
  auth_code text unique,
  auth_code_issued_at timestamptz,
  provider text,
  -- OAuth only: the state sent to the provider, where to return, and the user linking an identity.
  oauth_state text unique,
  redirect_to text,
  link_user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table auth.flow_state is 'PKCE flows: the code challenge until the client exchanges the auth code with its verifier.';

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation_token', 'recovery_token', 'email_change_token')),
  -- sha256 of the token in the link
  token_hash text not null unique,
  relates_to text not null,
  flow_state_id uuid references auth.flow_state (id) on delete set null,
  redirect_to text,
  created_at timestamptz not null default now()
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id, token_type);
comment on table auth.one_time_tokens is 'Tokens of email links (confirm sign-up, reset password, change email); single use.';
