-- App: notification preferences, one row per profile (made with the profile, backfilled here).
-- Private to their owner: a preference says nothing others need to know. The owner turns email
-- notifications off or on with an update; nobody inserts or deletes rows through the API.
-- Forward-only; safe to re-run.

create table if not exists public.notification_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  email_enabled boolean not null default true,
  updated_at timestamptz not null default now()
);
comment on table public.notification_preferences is
  'Per-user notification settings (email_enabled: marketplace emails on/off). One row per profile, created with it; the owner reads and updates their own row.';

drop trigger if exists notification_preferences_set_updated_at on public.notification_preferences;
create trigger notification_preferences_set_updated_at
  before update on public.notification_preferences
  for each row execute function public.set_updated_at();

-- A row for every new profile, so the client only ever updates.
create or replace function private.create_notification_preferences() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notification_preferences (user_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
comment on function private.create_notification_preferences() is 'Trigger: the default notification preferences of a new profile.';
revoke all on function private.create_notification_preferences() from public;

drop trigger if exists profiles_create_notification_preferences on public.profiles;
create trigger profiles_create_notification_preferences
  after insert on public.profiles
  for each row execute function private.create_notification_preferences();

insert into public.notification_preferences (user_id)
select id from public.profiles
on conflict do nothing;

alter table public.notification_preferences enable row level security;
revoke all on table public.notification_preferences from anon, authenticated, service_role;
grant select on table public.notification_preferences to authenticated;
grant update (email_enabled) on table public.notification_preferences to authenticated;
grant select, insert, update, delete on table public.notification_preferences to service_role;

drop policy if exists notification_preferences_select_own on public.notification_preferences;
create policy notification_preferences_select_own on public.notification_preferences
  for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists notification_preferences_update_own on public.notification_preferences;
create policy notification_preferences_update_own on public.notification_preferences
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Users who enrolled a second factor reach their settings only with an aal2 session.
drop policy if exists notification_preferences_require_aal2 on public.notification_preferences;
create policy notification_preferences_require_aal2 on public.notification_preferences
  as restrictive
  to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors
      where (select auth.uid()) = user_id and status = 'verified'
    )
  );
