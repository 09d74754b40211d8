-- App: the profile follows the sign-up that proved the address. Anyone can sign up with an
-- address they do not own; the profile made at that moment carries their full name. When the
-- address is confirmed, the auth service keeps only the metadata of the sign-up whose link was
-- followed, and this trigger brings the profile's full name (and the username made from it) in
-- line. An unconfirmed account has no session, so nothing else on its profile can have been set.
-- Forward-only; safe to re-run.

create or replace function public.handle_user_confirmed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_full_name text;
  v_base text;
  v_candidate text;
  v_attempt integer := 0;
begin
  v_full_name := nullif(left(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), 200), '');
  if not exists (select 1 from public.profiles p where p.id = new.id and p.full_name is distinct from v_full_name) then
    return null; -- no profile, or already right: the username stays
  end if;
  v_base := public.username_stem(v_full_name);
  v_candidate := v_base;
  while exists (select 1 from public.profiles where username = v_candidate and id <> new.id) loop
    v_attempt := v_attempt + 1;
    if v_attempt > 20 then
      raise exception 'could not derive a unique username for user %', new.id;
    end if;
    v_candidate := v_base || '_' || substr(md5(random()::text || clock_timestamp()::text), 1, 4 + v_attempt / 5);
  end loop;
  update public.profiles set full_name = v_full_name, username = v_candidate where id = new.id;
  return null;
end
$$;
comment on function public.handle_user_confirmed() is
  'On address confirmation: the profile''s full name and username follow the confirmed sign-up metadata.';
revoke all on function public.handle_user_confirmed() from public;
revoke execute on function public.handle_user_confirmed() from anon, authenticated;

drop trigger if exists on_auth_user_confirmed on auth.users;
create trigger on_auth_user_confirmed
  after update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function public.handle_user_confirmed();
