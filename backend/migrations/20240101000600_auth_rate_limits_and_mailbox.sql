-- Auth: rate-limit counters (fixed windows, shared by all instances) and the development mailbox
-- (mail kept here when no SMTP_URL is configured; shown at /_dev/mailbox).
create table if not exists auth.rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);
comment on table auth.rate_limits is 'Fixed-window request counters per action and IP or email address.';

create table if not exists auth.dev_mailbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  link text,
  kind text not null,
  created_at timestamptz not null default now()
);
create index if not exists dev_mailbox_to_idx on auth.dev_mailbox (to_address, created_at desc);
comment on table auth.dev_mailbox is 'Development mailbox: mail that would have been sent, when SMTP_URL is not set.';
