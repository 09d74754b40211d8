-- App: the notification centre. Each member's recent events — a new application, accepted,
-- declined, a gig closed, every step of a deal (payment started, money held, delivered, changes
-- asked, released, paid out, confirmed, cancelled, disputed, refunded), a message, a review — as
-- rows the database writes where the event happens, in the same transaction: every application
-- transition already writes public.application_events (the hook the email outbox hangs on too),
-- so one trigger there covers them all; messages and reviews get a trigger each. Members read
-- only their own rows (row-level security) and mark them read through one function; the table is
-- published to Realtime, so the bell counts a new one at once. Forward-only; safe to re-run.

create table if not exists public.notifications (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references public.profiles(id) on delete cascade,
  kind text not null,
  application_id uuid references public.applications(id) on delete cascade,
  gig_id uuid references public.gigs(id) on delete set null,
  gig_title text not null default '',
  actor_name text not null default '',
  -- Messages of one thread in a row: one notification, counted, until it is read.
  count integer not null default 1,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_kind_format check (kind ~ '^[a-z_]{1,40}$'),
  constraint notifications_count_positive check (count >= 1)
);
comment on table public.notifications is 'Each member''s recent events for the bell: kind is an application transition (apply, accept, decline, close, start_funding, fund, deliver, approve, pay_out, ...), message or review; written by triggers where the event happens; read by the recipient alone, marked read by mark_notifications_read().';
comment on column public.notifications.count is 'How many events the row stands for: messages of one thread arriving before it is read share a row.';

create index if not exists notifications_recipient_idx on public.notifications (recipient_id, id desc);
create index if not exists notifications_unread_idx on public.notifications (recipient_id) where read_at is null;

alter table public.notifications enable row level security;
revoke all on table public.notifications from public, anon, authenticated;
grant select on table public.notifications to authenticated;
grant select, insert, update, delete on table public.notifications to service_role;

drop policy if exists notifications_select_own on public.notifications;
create policy notifications_select_own on public.notifications for select to authenticated
  using (recipient_id = (select auth.uid()));
drop policy if exists notifications_require_aal2 on public.notifications;
create policy notifications_require_aal2 on public.notifications as restrictive for all to authenticated
  using ((select private.aal_satisfied()));

-- A member's display name, as the emails name people.
create or replace function private.display_name(p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select coalesce(nullif(p.full_name, ''), p.username) from public.profiles p where p.id = p_user), 'A Need40 member')
$$;
comment on function private.display_name(uuid) is 'A member''s name as notifications show it: full name, else username, else "A Need40 member".';
revoke all on function private.display_name(uuid) from public;

create or replace function private.notify_member(p_recipient uuid, p_kind text, p_application uuid, p_actor uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_recipient is null or p_recipient is not distinct from p_actor then
    return;
  end if;
  insert into public.notifications (recipient_id, kind, application_id, gig_id, gig_title, actor_name)
  select p_recipient, p_kind, a.id, g.id, coalesce(g.title, ''),
         case when p_actor is null then 'Need40' else private.display_name(p_actor) end
    from public.applications a left join public.gigs g on g.id = a.gig_id
   where a.id = p_application;
end
$$;
comment on function private.notify_member(uuid, text, uuid, uuid) is 'Writes one notification of an application''s event for a member (never for the member who acted).';
revoke all on function private.notify_member(uuid, text, uuid, uuid) from public;

-- Every transition: the party who did not act hears of it; a step of Need40 (an operator or the
-- system) reaches both parties, except those about one side only.
create or replace function private.notify_application_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
begin
  select a.* into v_app from public.applications a where a.id = new.application_id;
  if new.actor_role in ('worker', 'poster') then
    perform private.notify_member(case when new.actor_role = 'worker' then v_app.poster_id else v_app.worker_id end, new.transition, v_app.id, new.actor_id);
  elsif new.transition in ('close', 'decline_others') then
    perform private.notify_member(v_app.worker_id, new.transition, v_app.id, null);
  elsif new.transition = 'withdraw_suspended' then
    perform private.notify_member(v_app.poster_id, new.transition, v_app.id, null);
  else
    perform private.notify_member(v_app.worker_id, new.transition, v_app.id, null);
    perform private.notify_member(v_app.poster_id, new.transition, v_app.id, null);
  end if;
  return null;
end
$$;
comment on function private.notify_application_event() is 'After an application event: the notification of the other party (both, for a step of Need40).';
revoke all on function private.notify_application_event() from public;

drop trigger if exists application_events_notify on public.application_events;
create trigger application_events_notify after insert on public.application_events
  for each row execute function private.notify_application_event();

create or replace function private.notify_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
  v_recipient uuid;
  v_row bigint;
begin
  select a.* into v_app from public.applications a where a.id = new.application_id;
  v_recipient := case when new.sender_id = v_app.worker_id then v_app.poster_id else v_app.worker_id end;
  select n.id into v_row from public.notifications n
   where n.recipient_id = v_recipient and n.kind = 'message' and n.application_id = v_app.id and n.read_at is null
   limit 1 for update;
  if v_row is null then
    perform private.notify_member(v_recipient, 'message', v_app.id, new.sender_id);
  else
    update public.notifications set count = count + 1, created_at = now() where id = v_row;
  end if;
  return null;
end
$$;
comment on function private.notify_message() is 'After a message: one unread "message" notification per thread for the other party, counting the messages.';
revoke all on function private.notify_message() from public;

drop trigger if exists application_messages_notify on public.application_messages;
create trigger application_messages_notify after insert on public.application_messages
  for each row execute function private.notify_message();

create or replace function private.notify_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_member(new.reviewee_id, 'review', new.application_id, new.reviewer_id);
  return null;
end
$$;
comment on function private.notify_review() is 'After a review: the notification of the member reviewed.';
revoke all on function private.notify_review() from public;

drop trigger if exists reviews_notify on public.reviews;
create trigger reviews_notify after insert on public.reviews
  for each row execute function private.notify_review();

create or replace function public.mark_notifications_read(p_up_to bigint default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('mark notifications read');
  v_count integer;
begin
  update public.notifications set read_at = now()
   where recipient_id = v_uid and read_at is null and (p_up_to is null or id <= p_up_to);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_notifications_read(bigint) is 'Marks the caller''s unread notifications read (those up to p_up_to, the newest the member saw; all without it); returns how many.';
revoke all on function public.mark_notifications_read(bigint) from public;
grant execute on function public.mark_notifications_read(bigint) to anon, authenticated, service_role;

do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'
  ) then
    alter publication supabase_realtime add table public.notifications;
  end if;
end
$$;
