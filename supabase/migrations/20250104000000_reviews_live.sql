-- App: reviews are published to Realtime, so a review one party leaves reaches the other party's
-- open deal panel at once (every other step of a deal already reaches it through the
-- application's row, which each transition updates). Reviews are public (reviews_select_all),
-- so Realtime's row-level security check lets every subscriber read them, as the REST API does.
-- Forward-only; safe to re-run.

do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'reviews'
  ) then
    alter publication supabase_realtime add table public.reviews;
  end if;
end
$$;
