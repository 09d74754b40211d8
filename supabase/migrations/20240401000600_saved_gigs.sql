-- App: gigs a member saved for later. Private to the saver: they read, add and remove their own
-- marks and nobody else sees them. Forward-only; safe to re-run.

create table if not exists public.saved_gigs (
  user_id uuid not null default auth.uid(),
  gig_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, gig_id),
  constraint saved_gigs_user_id_fkey foreign key (user_id) references public.profiles (id) on delete cascade,
  constraint saved_gigs_gig_id_fkey foreign key (gig_id) references public.gigs (id) on delete cascade
);
comment on table public.saved_gigs is 'A member''s saved gigs (their "Save" marks). Private to the member.';

-- "Saved gigs", newest first.
create index if not exists saved_gigs_user_id_created_at_idx on public.saved_gigs (user_id, created_at desc, gig_id);
create index if not exists saved_gigs_gig_id_idx on public.saved_gigs (gig_id);

alter table public.saved_gigs enable row level security;
revoke all on table public.saved_gigs from anon, authenticated, service_role;
-- created_at is always the server's clock (no insert privilege on it).
grant select, delete on table public.saved_gigs to authenticated;
grant insert (user_id, gig_id) on table public.saved_gigs to authenticated;
grant select, insert, update, delete on table public.saved_gigs to service_role;

drop policy if exists saved_gigs_select_own on public.saved_gigs;
create policy saved_gigs_select_own on public.saved_gigs
  for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists saved_gigs_insert_own on public.saved_gigs;
create policy saved_gigs_insert_own on public.saved_gigs
  for insert to authenticated
  with check (user_id = (select auth.uid()));

drop policy if exists saved_gigs_delete_own on public.saved_gigs;
create policy saved_gigs_delete_own on public.saved_gigs
  for delete to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists saved_gigs_require_aal2 on public.saved_gigs;
create policy saved_gigs_require_aal2 on public.saved_gigs
  as restrictive
  to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors
      where (select auth.uid()) = user_id and status = 'verified'
    )
  );
