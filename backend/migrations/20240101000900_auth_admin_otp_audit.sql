-- Auth: the admin API's audit trail, invitations, and passwordless email (magic links and
-- six-digit codes). Safe to re-run.

-- GoTrue's audit table: one row per admin call (and other audited actions). Only the backend's
-- own connection reads or writes it: RLS on, no policy, no grants to the API roles.
create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  payload json,
  created_at timestamptz not null default now(),
  ip_address varchar(64) not null default ''
);
create index if not exists audit_log_entries_created_at_idx on auth.audit_log_entries (created_at);
alter table auth.audit_log_entries enable row level security;
revoke all on auth.audit_log_entries from anon, authenticated, service_role;
comment on table auth.audit_log_entries is 'Audit trail of /auth/v1 admin calls: actor, action, target (payload) and the caller''s IP.';

alter table auth.users add column if not exists invited_at timestamptz;

-- Magic links (existing accounts) and invitations have token types of their own; a mailed link
-- may also carry a six-digit code (sha256 with the user id), which dies after a few wrong tries.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'recovery_token', 'email_change_token', 'reauthentication_token', 'magiclink_token', 'invite_token'));
alter table auth.one_time_tokens add column if not exists code_hash text;
alter table auth.one_time_tokens add column if not exists failed_attempts integer not null default 0;
comment on column auth.one_time_tokens.code_hash is 'Email OTP: sha256 of user id and the six-digit code mailed with the link.';
