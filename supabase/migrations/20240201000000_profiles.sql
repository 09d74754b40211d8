-- App: worker profiles, one per auth user, created by a trigger when the user is created.
-- Public-readable (the marketplace shows workers and the gig list embeds username/avatar_url);
-- only the owner updates their row; nobody inserts or deletes through the API (trigger/cascade).
-- Forward-only; safe to re-run.

create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text,
  avatar_url text,
  full_name text,
  title text,
  bio text,
  skills text[] not null default '{}',
  hourly_rate numeric,
  hours_per_week integer,
  preferred_hours text[] not null default '{}',
  timezone text,
  experience jsonb not null default '[]'::jsonb,
  portfolio text[] not null default '{}',
  contact_email text,
  contact_phone text,
  linkedin_url text,
  github_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_username_key unique (username),
  constraint profiles_username_format check (username is null or username ~ '^[A-Za-z0-9_.-]{3,40}$'),
  constraint profiles_avatar_url_length check (char_length(avatar_url) <= 2048),
  constraint profiles_full_name_length check (char_length(full_name) <= 200),
  constraint profiles_title_length check (char_length(title) <= 200),
  constraint profiles_bio_length check (char_length(bio) <= 10000),
  constraint profiles_skills_size check (cardinality(skills) <= 100 and char_length(array_to_string(skills, ',')) <= 5000),
  constraint profiles_hourly_rate_range check (hourly_rate >= 0 and hourly_rate <= 1000000),
  constraint profiles_hours_per_week_range check (hours_per_week >= 0 and hours_per_week <= 168),
  constraint profiles_preferred_hours_size check (cardinality(preferred_hours) <= 50 and char_length(array_to_string(preferred_hours, ',')) <= 2000),
  constraint profiles_timezone_length check (char_length(timezone) <= 100),
  constraint profiles_experience_array check (jsonb_typeof(experience) = 'array' and jsonb_array_length(experience) <= 100 and octet_length(experience::text) <= 100000),
  constraint profiles_portfolio_size check (cardinality(portfolio) <= 100 and char_length(array_to_string(portfolio, ',')) <= 20000),
  constraint profiles_contact_email_length check (char_length(contact_email) <= 320),
  constraint profiles_contact_phone_length check (char_length(contact_phone) <= 50),
  constraint profiles_linkedin_url_length check (char_length(linkedin_url) <= 2048),
  constraint profiles_github_url_length check (char_length(github_url) <= 2048)
);
comment on table public.profiles is
  'One worker profile per auth user (id = auth.users.id), created by the on_auth_user_created trigger. Public-readable; the owner updates their own row.';

-- updated_at follows every update, whatever the client sends.
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function public.set_updated_at() from public;

drop trigger if exists profiles_set_updated_at on public.profiles;
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

-- A profile for each new auth user: full_name from the signup metadata, a unique username derived
-- from the email's local part (suffixed when taken). SECURITY DEFINER: the auth service's
-- connection need not hold privileges on public.profiles.
create or replace function public.handle_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_base text;
  v_candidate text;
  v_full_name text;
  v_inserted uuid;
  v_attempt integer := 0;
begin
  v_base := lower(regexp_replace(split_part(coalesce(new.email, ''), '@', 1), '[^A-Za-z0-9_]', '', 'g'));
  if char_length(v_base) < 3 then
    v_base := v_base || 'user';
  end if;
  v_base := left(v_base, 30);
  v_full_name := nullif(left(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), 200), '');
  v_candidate := v_base;
  loop
    insert into public.profiles (id, username, full_name, contact_email)
    values (new.id, v_candidate, v_full_name, left(new.email, 320))
    on conflict do nothing
    returning id into v_inserted;
    exit when v_inserted is not null;
    if exists (select 1 from public.profiles where id = new.id) then
      exit; -- already has a profile (re-run); nothing to do
    end if;
    v_attempt := v_attempt + 1;
    if v_attempt > 20 then
      raise exception 'could not derive a unique username for %', new.email;
    end if;
    v_candidate := v_base || '_' || substr(md5(random()::text || clock_timestamp()::text), 1, 4 + v_attempt / 5);
  end loop;
  return new;
end
$$;
revoke all on function public.handle_new_user() from public;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Privileges: read for everyone; update of the editable columns for signed-in users (row-level
-- security narrows it to their own row); no insert/delete through the API.
alter table public.profiles enable row level security;
revoke all on table public.profiles from anon, authenticated, service_role;
grant select on table public.profiles to anon, authenticated;
grant update (username, avatar_url, full_name, title, bio, skills, hourly_rate, hours_per_week, preferred_hours,
  timezone, experience, portfolio, contact_email, contact_phone, linkedin_url, github_url)
  on table public.profiles to authenticated;
grant select, insert, update, delete on table public.profiles to service_role;

drop policy if exists profiles_select_all on public.profiles;
create policy profiles_select_all on public.profiles
  for select to anon, authenticated
  using (true);

drop policy if exists profiles_update_own on public.profiles;
create policy profiles_update_own on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
