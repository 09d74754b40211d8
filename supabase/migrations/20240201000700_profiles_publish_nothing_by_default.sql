-- App: a new profile publishes nothing its owner did not choose to publish. Profiles are readable by
-- everyone (the grid shows the poster, My Profile is a public worker page), so the sign-up trigger
-- no longer copies the sign-up email into contact_email, and the username is made from the full
-- name the person gave (or "member"), never from the email address. Forward-only; safe to re-run.

-- The username stem for a full name: lower-case letters and digits only, 3 to 30 characters.
create or replace function public.username_stem(p_full_name text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when char_length(s) >= 3 then left(s, 30)
    else 'member'
  end
  from (select lower(regexp_replace(coalesce(p_full_name, ''), '[^A-Za-z0-9]', '', 'g')) as s) x
$$;
comment on function public.username_stem(text) is 'Username stem from a full name (letters and digits, 3–30), or "member". Never derived from an email address.';
revoke all on function public.username_stem(text) from public;

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
  v_full_name := nullif(left(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), 200), '');
  v_base := public.username_stem(v_full_name);
  v_candidate := v_base;
  loop
    insert into public.profiles (id, username, full_name)
    values (new.id, v_candidate, v_full_name)
    on conflict do nothing
    returning id into v_inserted;
    exit when v_inserted is not null;
    if exists (select 1 from public.profiles where id = new.id) then
      exit; -- already has a profile (re-run); nothing to do
    end if;
    v_attempt := v_attempt + 1;
    if v_attempt > 20 then
      raise exception 'could not derive a unique username for user %', new.id;
    end if;
    v_candidate := v_base || '_' || substr(md5(random()::text || clock_timestamp()::text), 1, 4 + v_attempt / 5);
  end loop;
  return new;
end
$$;
revoke all on function public.handle_new_user() from public;

-- Profiles made by the earlier trigger and never edited since (updated_at = created_at) still carry
-- its copies: drop the copied email, and replace a username spelled from the email's local part.
do $$
declare
  r record;
  v_base text;
  v_candidate text;
  v_attempt integer;
begin
  -- Chosen before any update: an update moves updated_at (profiles_set_updated_at).
  create temporary table untouched_profiles on commit drop as
    select p.id, p.full_name, p.username, p.contact_email, u.email,
           lower(regexp_replace(split_part(coalesce(u.email, ''), '@', 1), '[^A-Za-z0-9_]', '', 'g')) as email_stem
      from public.profiles p
      join auth.users u on u.id = p.id
     where p.updated_at = p.created_at;

  update public.profiles p
     set contact_email = null
    from untouched_profiles t
   where t.id = p.id and t.contact_email = t.email;

  for r in
    select t.id, t.full_name from untouched_profiles t
     where t.email_stem <> '' and t.username ~ ('^' || t.email_stem || '(user)?(_[0-9a-f]+)?$')
  loop
    v_base := public.username_stem(r.full_name);
    v_candidate := v_base;
    v_attempt := 0;
    while exists (select 1 from public.profiles where username = v_candidate and id <> r.id) loop
      v_attempt := v_attempt + 1;
      v_candidate := v_base || '_' || substr(md5(random()::text || clock_timestamp()::text), 1, 4 + v_attempt / 5);
    end loop;
    update public.profiles set username = v_candidate where id = r.id;
  end loop;
end
$$;
