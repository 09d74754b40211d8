-- Platform: browser error reports and the page loads of canary versions (/browser/v1, backend/src/browser).
-- The shell reports uncaught errors, unhandled rejections and failed slots with the versions of
-- the remotes the page runs; the automatic rollback of a canary (pnpm release:watch) divides a
-- canary version's errors by its page loads. Only the backend's own connection reads or writes
-- these tables (no API role has any right on them; row-level security is on with no policy).
-- Safe to re-run.

create schema if not exists need40_browser;
comment on schema need40_browser is 'Browser error reports and canary page loads for /browser/v1. Only the backend''s own connection uses it.';
revoke all on schema need40_browser from public;

create table if not exists need40_browser.reports (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  kind text not null check (kind in ('error', 'unhandledrejection', 'slot-load', 'slot-crash')),
  message text not null check (length(message) between 1 and 1000),
  stack text check (length(stack) <= 8000),
  source text check (length(source) <= 500),
  page text check (length(page) <= 500),
  remote text check (remote ~ '^[a-z][a-z0-9_-]{0,39}$'),
  environment text check (environment ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  versions jsonb not null default '{}'::jsonb check (pg_column_size(versions) <= 4096),
  user_agent text check (length(user_agent) <= 300)
);
comment on table need40_browser.reports is 'One browser error report as the shell sent it, with the versions the page ran; kept 14 days (the backend prunes older rows).';
create index if not exists reports_received_at_idx on need40_browser.reports (received_at);
alter table need40_browser.reports enable row level security;
revoke all on table need40_browser.reports from public, anon, authenticated, service_role;
revoke all on sequence need40_browser.reports_id_seq from public, anon, authenticated, service_role;

create table if not exists need40_browser.release_counts (
  environment text not null check (environment ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  remote text not null check (remote ~ '^[a-z][a-z0-9_-]{0,39}$'),
  version text not null check (length(version) <= 80),
  assignment text not null check (assignment in ('current', 'canary', 'override', 'unreleased')),
  loads bigint not null default 0 check (loads >= 0),
  errors bigint not null default 0 check (errors >= 0),
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  primary key (environment, remote, version, assignment)
);
comment on table need40_browser.release_counts is 'Page loads and error reports per remote version and how the page got it (current, canary, override): what the automatic rollback of a canary judges.';
alter table need40_browser.release_counts enable row level security;
revoke all on table need40_browser.release_counts from public, anon, authenticated, service_role;
