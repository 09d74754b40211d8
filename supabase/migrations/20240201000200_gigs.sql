-- App: gigs. Anyone reads; a signed-in user posts gigs as themselves and edits or deletes their own.
-- The fee columns (worker_rate, platform_fee), payment_id and status are set only by
-- create_paid_gig(); created_at is always the server's clock. Forward-only; safe to re-run.

create table if not exists public.gigs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null,
  description text not null,
  payment_type text not null default 'hourly',
  rate numeric not null,
  hours numeric,
  location text,
  skills text[] not null default '{}',
  worker_rate numeric,
  platform_fee numeric,
  payment_id uuid references public.payments (id) on delete set null,
  status text not null default 'active',
  created_at timestamptz not null default now(),
  constraint gigs_title_not_blank check (btrim(title) <> '' and char_length(title) <= 200),
  constraint gigs_description_not_blank check (btrim(description) <> '' and char_length(description) <= 10000),
  constraint gigs_payment_type_check check (payment_type in ('hourly', 'fixed')),
  constraint gigs_rate_range check (rate > 0 and rate <= 1000000),
  constraint gigs_hours_range check (hours > 0 and hours <= 100000),
  constraint gigs_location_check check (location in ('remote', 'onsite', 'hybrid')),
  constraint gigs_skills_size check (cardinality(skills) <= 50 and char_length(array_to_string(skills, ',')) <= 2000),
  constraint gigs_status_check check (status in ('active')),
  -- The form path needs hours and location; the $600 path (with a payment) does not.
  constraint gigs_form_fields_required check (payment_id is not null or (hours is not null and location is not null)),
  -- Fee figures come together and add up to the rate.
  constraint gigs_fee_consistent check (
    (worker_rate is null and platform_fee is null)
    or (worker_rate >= 0 and platform_fee >= 0 and worker_rate + platform_fee = rate)
  )
);
comment on table public.gigs is
  'Gigs posted by users. Public-readable. Fee figures, payment_id and status are set only by create_paid_gig(); created_at by the server.';

create index if not exists gigs_created_at_id_idx on public.gigs (created_at desc, id);
create index if not exists gigs_title_trgm_idx on public.gigs using gin (title gin_trgm_ops);
create index if not exists gigs_skills_idx on public.gigs using gin (skills);
create index if not exists gigs_rate_idx on public.gigs (rate);
create index if not exists gigs_payment_type_idx on public.gigs (payment_type, created_at desc);
create index if not exists gigs_location_idx on public.gigs (location, created_at desc);
create index if not exists gigs_user_id_idx on public.gigs (user_id);
create index if not exists gigs_payment_id_idx on public.gigs (payment_id) where payment_id is not null;

-- created_at is the server's clock on insert (a client-sent value would pin a gig at the top of
-- "newest first" forever) and never changes afterwards.
create or replace function public.gigs_set_created_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  else
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;
revoke all on function public.gigs_set_created_at() from public;

drop trigger if exists gigs_set_created_at on public.gigs;
create trigger gigs_set_created_at
  before insert or update on public.gigs
  for each row execute function public.gigs_set_created_at();

-- Privileges: column lists keep the fee figures, payment_id, status and the owner out of
-- clients' reach (a request naming them fails with 42501); row-level security pins user_id.
alter table public.gigs enable row level security;
revoke all on table public.gigs from anon, authenticated, service_role;
grant select on table public.gigs to anon, authenticated;
grant insert (id, user_id, title, description, payment_type, rate, hours, location, skills, created_at)
  on table public.gigs to authenticated;
grant update (title, description, payment_type, rate, hours, location, skills) on table public.gigs to authenticated;
grant delete on table public.gigs to authenticated;
grant select, insert, update, delete on table public.gigs to service_role;

drop policy if exists gigs_select_all on public.gigs;
create policy gigs_select_all on public.gigs
  for select to anon, authenticated
  using (true);

drop policy if exists gigs_insert_own on public.gigs;
create policy gigs_insert_own on public.gigs
  for insert to authenticated
  with check (user_id = (select auth.uid()) and payment_id is null and worker_rate is null and platform_fee is null);

drop policy if exists gigs_update_own on public.gigs;
create policy gigs_update_own on public.gigs
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

drop policy if exists gigs_delete_own on public.gigs;
create policy gigs_delete_own on public.gigs
  for delete to authenticated
  using (user_id = (select auth.uid()));
