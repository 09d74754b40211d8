-- Auth: extra columns on auth.users that GoTrue's user JSON reports (when a mail went out, a
-- pending email change). Forward-only; safe to re-run.
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists email_change text;
alter table auth.users add column if not exists email_change_sent_at timestamptz;
