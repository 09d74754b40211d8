-- App: gigs and payments are published to Realtime (postgres_changes), as on hosted Supabase.
-- Realtime delivers a change only to subscribers whose row-level security lets them select the
-- row, so payments reach their owner alone; gigs are public. Forward-only; safe to re-run.

do $$
declare
  t text;
begin
  foreach t in array array['gigs', 'payments'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
