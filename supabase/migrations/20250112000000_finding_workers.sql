-- App: finding workers, not only gigs.
--   * A review names the gig it is about: reviews.gig_id, copied from its application when the
--     review is written (applications are private to their two parties; the gig's id and title
--     are public), so a profile links each review to the gig page.
--   * completed_gigs(profiles): how many gigs a member finished as the worker — deals whose money
--     was released or paid out — as a computed field anyone may read beside the profile.
--   * profiles.available_for_work: a member says they are open to work (their own row, under the
--     profile's row-level security); available_since is kept by the database (set when the flag
--     turns on, cleared when it turns off) and orders the directory.
--   * search_workers(): the "Find workers" directory — available members by skills (any case),
--     hourly rate range and minimum rating, newest available first, one page after another
--     (keyset on available_since, id), public columns only; banned members are left out.
-- Forward-only; safe to re-run.

-- Reviews → their gig ----------------------------------------------------------------------------
-- Not on updates of gig_id alone: deleting a gig sets its reviews' gig_id to null through the
-- foreign key, and that update must stay null.
alter table public.reviews add column if not exists gig_id uuid;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'reviews_gig_id_fkey') then
    alter table public.reviews add constraint reviews_gig_id_fkey foreign key (gig_id) references public.gigs (id) on delete set null;
  end if;
end
$$;
comment on column public.reviews.gig_id is 'The gig the review is about (from its application, set by the database); null once the gig is deleted.';
update public.reviews r set gig_id = a.gig_id from public.applications a where a.id = r.application_id and r.gig_id is null;

create or replace function private.reviews_set_gig()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.gig_id := (select a.gig_id from public.applications a where a.id = new.application_id);
  return new;
end
$$;
comment on function private.reviews_set_gig() is 'Before a review is written (or moved to another application): its gig_id is its application''s gig, never what a writer sent.';
revoke all on function private.reviews_set_gig() from public;
drop trigger if exists reviews_set_gig on public.reviews;
create trigger reviews_set_gig before insert or update of application_id on public.reviews
  for each row execute function private.reviews_set_gig();

-- Completed gigs ---------------------------------------------------------------------------------
create or replace function public.completed_gigs(p public.profiles) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.applications a where a.worker_id = p.id and a.status in ('released', 'paid_out')
$$;
comment on function public.completed_gigs(public.profiles) is 'Computed field of profiles: how many gigs the member completed as the worker (deals released or paid out). Security definer only to count applications, which are private to their parties; it reads nothing but that count.';
revoke all on function public.completed_gigs(public.profiles) from public;
grant execute on function public.completed_gigs(public.profiles) to anon, authenticated, service_role;

-- The same count by member id, for clients: a computed field takes the whole row, and reading a
-- whole profiles row needs every column, which no client role has (the contact columns are
-- withheld), so PostgREST's `select=completed_gigs` is refused to them.
create or replace function public.completed_gigs_of(p_user_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.applications a where a.worker_id = p_user_id and a.status in ('released', 'paid_out')
$$;
comment on function public.completed_gigs_of(uuid) is 'How many gigs the member completed as the worker (deals released or paid out); what profiles show.';
revoke all on function public.completed_gigs_of(uuid) from public;
grant execute on function public.completed_gigs_of(uuid) to anon, authenticated, service_role;

-- Available for work -----------------------------------------------------------------------------
alter table public.profiles add column if not exists available_for_work boolean not null default false;
alter table public.profiles add column if not exists available_since timestamptz;
comment on column public.profiles.available_for_work is 'The member is open to work: listed in the Find workers directory (search_workers). Set by the member.';
comment on column public.profiles.available_since is 'When available_for_work last turned on (null while it is off); kept by the database, orders the directory.';
grant select (available_for_work, available_since) on table public.profiles to anon, authenticated;
grant update (available_for_work) on table public.profiles to authenticated;

create or replace function private.profiles_available_since()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not new.available_for_work then
    new.available_since := null;
  elsif tg_op = 'INSERT' or not old.available_for_work then
    new.available_since := now();
  else
    new.available_since := old.available_since;
  end if;
  return new;
end
$$;
comment on function private.profiles_available_since() is 'Before a profile is written: available_since follows available_for_work (now when it turns on, null when off, kept otherwise).';
revoke all on function private.profiles_available_since() from public;
drop trigger if exists profiles_available_since on public.profiles;
create trigger profiles_available_since before insert or update on public.profiles
  for each row execute function private.profiles_available_since();

-- Skills compared in lower case, so "React" finds "react"; immutable, so an index can hold it.
create or replace function private.lower_skills(p_skills text[]) returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_agg(lower(s)), '{}'::text[]) from unnest(p_skills) s
$$;
comment on function private.lower_skills(text[]) is 'The skills in lower case (the directory''s case-insensitive skill match and its index).';
revoke all on function private.lower_skills(text[]) from public;
-- Whoever writes a profile evaluates the skills index, and PostgreSQL checks EXECUTE on the
-- functions of an index expression: the API roles need it (it only lower-cases text).
grant execute on function private.lower_skills(text[]) to anon, authenticated, service_role;

create index if not exists profiles_available_idx on public.profiles (available_since desc, id desc) where available_for_work;
create index if not exists profiles_available_skills_idx on public.profiles using gin (private.lower_skills(skills)) where available_for_work;

-- The directory ----------------------------------------------------------------------------------
create or replace function public.search_workers(
  p_skills text[] default null,
  p_min_rate numeric default null,
  p_max_rate numeric default null,
  p_min_rating numeric default null,
  p_after_since timestamptz default null,
  p_after_id uuid default null,
  p_limit integer default 20
)
returns table (
  id uuid, full_name text, username text, avatar_url text, title text, skills text[], hourly_rate numeric,
  hours_per_week integer, timezone text, available_since timestamptz, average_rating numeric, review_count integer, completed_gigs integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_skills text[];
begin
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'p_limit must be between 1 and 50' using errcode = '22023';
  end if;
  if cardinality(p_skills) > 10 then
    raise exception 'Search for at most 10 skills' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(p_skills) s where s is null or btrim(s) = '' or char_length(s) > 100) then
    raise exception 'Each skill must be 1 to 100 characters' using errcode = '22023';
  end if;
  if p_min_rate < 0 or p_min_rate > 1000000 or p_max_rate < 0 or p_max_rate > 1000000 then
    raise exception 'Rates must be between 0 and 1000000' using errcode = '22023';
  end if;
  if p_min_rate > p_max_rate then
    raise exception 'The minimum rate must not be above the maximum rate' using errcode = '22023';
  end if;
  if p_min_rating < 1 or p_min_rating > 5 then
    raise exception 'The minimum rating must be between 1 and 5' using errcode = '22023';
  end if;
  if (p_after_since is null) <> (p_after_id is null) then
    raise exception 'p_after_since and p_after_id go together (the last worker shown)' using errcode = '22023';
  end if;
  v_skills := case when cardinality(p_skills) > 0 then private.lower_skills(array(select btrim(s) from unnest(p_skills) s)) end;

  return query
  select p.id, p.full_name, p.username, p.avatar_url, p.title, p.skills, p.hourly_rate, p.hours_per_week, p.timezone, p.available_since,
         r.average_rating, coalesce(r.review_count, 0), public.completed_gigs(p)
    from public.profiles p
    left join public.member_ratings r on r.user_id = p.id
   where p.available_for_work
     and (v_skills is null or private.lower_skills(p.skills) @> v_skills)
     and (p_min_rate is null or p.hourly_rate >= p_min_rate)
     and (p_max_rate is null or p.hourly_rate <= p_max_rate)
     and (p_min_rating is null or r.average_rating >= p_min_rating)
     and (p_after_since is null or (p.available_since, p.id) < (p_after_since, p_after_id))
     and not exists (
       select 1 from auth.users u
        where u.id = p.id and (u.banned_until > now() or u.deleted_at is not null or u.is_anonymous)
     )
   order by p.available_since desc, p.id desc
   limit p_limit;
end
$$;
comment on function public.search_workers(text[], numeric, numeric, numeric, timestamptz, uuid, integer) is
  'The Find workers directory: members available for work with all of p_skills (any case), an hourly rate within [p_min_rate, p_max_rate] and an average rating of at least p_min_rating; newest available first, p_limit (1–50) after the worker (p_after_since, p_after_id). Public columns only; banned members are left out.';
revoke all on function public.search_workers(text[], numeric, numeric, numeric, timestamptz, uuid, integer) from public;
grant execute on function public.search_workers(text[], numeric, numeric, numeric, timestamptz, uuid, integer) to anon, authenticated, service_role;
