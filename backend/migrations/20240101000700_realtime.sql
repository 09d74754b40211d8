-- Platform: what /realtime/v1 needs in the database, as hosted Supabase provides it.
--   * the `supabase_realtime` publication: app migrations say `alter publication supabase_realtime
--     add table …` exactly as on hosted Supabase;
--   * change capture for the tables in it: an AFTER ROW trigger that sends each change with
--     pg_notify on the channel `need40_realtime`; every backend instance LISTENs there. A change
--     whose JSON does not fit NOTIFY's 8000-byte limit is parked in need40_realtime.spill and only
--     its id is notified.
-- The triggers follow the publication: need40_realtime.sync_triggers() adds and removes them; an
-- event trigger runs it after every ALTER/CREATE PUBLICATION (when the migrating role may create
-- event triggers), and the backend runs it at start. Safe to re-run.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create schema if not exists need40_realtime;
comment on schema need40_realtime is 'Change capture for /realtime/v1. Only the backend''s own connection uses it.';
revoke all on schema need40_realtime from public;

create table if not exists need40_realtime.spill (
  id bigserial primary key,
  payload text not null,
  created_at timestamptz not null default now()
);
comment on table need40_realtime.spill is 'Changes too large for a NOTIFY payload; read by id, kept five minutes.';
create index if not exists spill_created_at_idx on need40_realtime.spill (created_at);
alter table need40_realtime.spill enable row level security;
revoke all on table need40_realtime.spill from public, anon, authenticated, service_role;

-- One notification per changed row: schema, table, operation, the transaction's timestamp, the new
-- row (INSERT/UPDATE) and the old row (UPDATE: its key is what subscribers get; DELETE: the whole
-- old row, which the backend uses to evaluate subscription filters and then cuts to the key).
-- SECURITY DEFINER because the writer (an API role) may not write the spill table.
create or replace function need40_realtime.capture() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  change text;
  spilled bigint;
begin
  change := jsonb_build_object(
    's', tg_table_schema,
    't', tg_table_name,
    'o', tg_op,
    'ts', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'r', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'x', case when tg_op = 'INSERT' then null else to_jsonb(old) end
  )::text;
  if octet_length(change) > 7900 then
    delete from need40_realtime.spill where created_at < now() - interval '5 minutes';
    insert into need40_realtime.spill (payload) values (change) returning id into spilled;
    change := jsonb_build_object('spill', spilled)::text;
  end if;
  perform pg_notify('need40_realtime', change);
  return null;
end
$$;
revoke all on function need40_realtime.capture() from public;

create or replace function need40_realtime.sync_triggers() returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as rel
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
      and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'need40_realtime_capture')
  loop
    execute format('create trigger need40_realtime_capture after insert or update or delete on %s for each row execute function need40_realtime.capture()', t.rel);
  end loop;
  for t in
    select g.tgrelid::regclass as rel
    from pg_trigger g
    join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'need40_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger need40_realtime_capture on %s', t.rel);
  end loop;
end
$$;
revoke all on function need40_realtime.sync_triggers() from public;

create or replace function need40_realtime.on_publication_change() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  perform need40_realtime.sync_triggers();
end
$$;
revoke all on function need40_realtime.on_publication_change() from public;

do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user)
     and not exists (select 1 from pg_event_trigger where evtname = 'need40_realtime_publication') then
    create event trigger need40_realtime_publication on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION')
      execute function need40_realtime.on_publication_change();
  end if;
end
$$;

select need40_realtime.sync_triggers();
