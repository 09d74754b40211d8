-- Platform: the pieces of the `realtime` schema that a hosted Supabase project has for private
-- channels (`supabase.channel(name, { config: { private: true } })`):
--   * realtime.messages — row-level security on it decides who may join a private channel (read)
--     and who may broadcast or track presence there (write). /realtime/v1 never stores anything in
--     it: each check inserts probe rows in a transaction that is always rolled back;
--   * realtime.topic() — the channel's name during those checks, for policies such as
--       create policy "members read" on realtime.messages for select to authenticated
--       using (realtime.topic() = 'room:' || (select auth.uid())::text);
-- Columns, grants and the function match hosted Supabase, so app policies written against it
-- apply unchanged. RLS is on with no policy: nobody but the service role may use private channels
-- until the app adds policies. Safe to re-run.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
comment on table realtime.messages is
  'Private-channel authorization for /realtime/v1: policies on it decide who may read and write a channel topic.';
alter table realtime.messages enable row level security;
grant select, insert, update on table realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
