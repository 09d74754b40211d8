-- App: the marketplace's tables are published to Realtime, so the page can show new applications,
-- payment steps, messages and read markers without a reload. Realtime delivers each change only to
-- subscribers whose row-level security lets them select the row: an application reaches its worker
-- and its poster, a message the two parties of its thread. Forward-only; safe to re-run.

do $$
declare
  t text;
begin
  foreach t in array array['applications', 'application_payments', 'application_messages', 'application_reads', 'saved_gigs'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
