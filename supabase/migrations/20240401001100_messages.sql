-- App: a conversation per application between the worker and the poster, from the moment of
-- application; visible to those two only. Read markers give unread counts. The recipient gets one
-- email per burst of messages (debounced: sent 10 minutes after the first unread one, not at all
-- if they read the thread meanwhile or turned emails off). Forward-only; safe to re-run.

create table if not exists public.application_messages (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null,
  sender_id uuid not null,
  body text not null,
  created_at timestamptz not null default now(),
  constraint application_messages_application_id_fkey foreign key (application_id) references public.applications (id) on delete cascade,
  constraint application_messages_sender_id_fkey foreign key (sender_id) references public.profiles (id) on delete cascade,
  constraint application_messages_body_length check (btrim(body) <> '' and char_length(body) <= 2000)
);
comment on table public.application_messages is 'Messages between the worker and the poster of an application. Read by the two parties; written only by send_message().';
create index if not exists application_messages_application_id_created_at_idx on public.application_messages (application_id, created_at);

create table if not exists public.application_reads (
  application_id uuid not null,
  user_id uuid not null,
  last_read_at timestamptz not null default now(),
  primary key (application_id, user_id),
  constraint application_reads_application_id_fkey foreign key (application_id) references public.applications (id) on delete cascade,
  constraint application_reads_user_id_fkey foreign key (user_id) references public.profiles (id) on delete cascade
);
comment on table public.application_reads is 'When each party last read an application''s messages (for unread counts). Private to the reader; written by send_message() and mark_thread_read().';

alter table public.application_messages enable row level security;
alter table public.application_reads enable row level security;
revoke all on table public.application_messages, public.application_reads from anon, authenticated, service_role;
grant select on table public.application_messages, public.application_reads to authenticated;
grant select, insert, update, delete on table public.application_messages, public.application_reads to service_role;

drop policy if exists application_messages_select_parties on public.application_messages;
create policy application_messages_select_parties on public.application_messages
  for select to authenticated
  using (exists (select 1 from public.applications a where a.id = application_id));
drop policy if exists application_reads_select_own on public.application_reads;
create policy application_reads_select_own on public.application_reads
  for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists application_messages_require_aal2 on public.application_messages;
create policy application_messages_require_aal2 on public.application_messages
  as restrictive to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors where (select auth.uid()) = user_id and status = 'verified'
    )
  );
drop policy if exists application_reads_require_aal2 on public.application_reads;
create policy application_reads_require_aal2 on public.application_reads
  as restrictive to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors where (select auth.uid()) = user_id and status = 'verified'
    )
  );

alter table private.notification_outbox drop constraint if exists notification_outbox_kind_check;
alter table private.notification_outbox add constraint notification_outbox_kind_check
  check (kind in ('new_application', 'application_accepted', 'application_declined', 'new_message'));
create index if not exists notification_outbox_pending_message_idx on private.notification_outbox (recipient_id, ((payload ->> 'application_id')))
  where kind = 'new_message' and delivered_at is null;

-- The caller's application, if they are one of its two parties (else "not found").
create or replace function private.party_application(p_application_id uuid, p_uid uuid) returns public.applications
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
begin
  select a.* into v_app from public.applications a where a.id = p_application_id;
  if v_app.id is null or p_uid not in (v_app.worker_id, v_app.poster_id) then
    raise exception 'Application not found' using errcode = 'N4004';
  end if;
  return v_app;
end
$$;
revoke all on function private.party_application(uuid, uuid) from public;

create or replace function public.send_message(p_application_id uuid, p_body text) returns public.application_messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('send a message');
  v_app public.applications := private.party_application(p_application_id, v_uid);
  v_message public.application_messages;
  v_recipient uuid;
  v_pending bigint;
begin
  if v_app.status not in ('applied', 'accepted', 'paid') then
    raise exception 'This conversation is closed' using errcode = 'N4005', detail = format('The application is %s.', v_app.status);
  end if;
  if p_body is null or btrim(p_body) = '' then
    raise exception 'Write a message' using errcode = '22023';
  end if;
  if char_length(btrim(p_body)) > 2000 then
    raise exception 'A message must be at most 2000 characters' using errcode = '22023';
  end if;
  insert into public.application_messages (application_id, sender_id, body) values (v_app.id, v_uid, btrim(p_body)) returning * into v_message;
  insert into public.application_reads (application_id, user_id, last_read_at) values (v_app.id, v_uid, now())
  on conflict (application_id, user_id) do update set last_read_at = excluded.last_read_at;

  -- One email per burst: extend the pending one if there is one, else queue one for later.
  v_recipient := case when v_uid = v_app.worker_id then v_app.poster_id else v_app.worker_id end;
  select o.id into v_pending from private.notification_outbox o
   where o.recipient_id = v_recipient and o.kind = 'new_message' and o.delivered_at is null and o.payload ->> 'application_id' = v_app.id::text
   limit 1 for update;
  if v_pending is not null then
    update private.notification_outbox set payload = payload || jsonb_build_object('last_message_at', v_message.created_at) where id = v_pending;
  elsif coalesce((select email_enabled from public.notification_preferences where user_id = v_recipient), true) then
    insert into private.notification_outbox (recipient_id, kind, payload, deliver_after)
    select v_recipient, 'new_message', jsonb_build_object('application_id', v_app.id, 'gig_id', g.id, 'gig_title', g.title,
             'sender_name', coalesce(nullif(p.full_name, ''), p.username, 'A Need40 member'), 'last_message_at', v_message.created_at),
           now() + interval '10 minutes'
    from public.gigs g, public.profiles p where g.id = v_app.gig_id and p.id = v_uid;
  end if;
  return v_message;
end
$$;
comment on function public.send_message(uuid, text) is 'A party of an application (applied, accepted or paid) writes to the other (1–2000 characters); the recipient gets a debounced email.';

create or replace function public.mark_thread_read(p_application_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('read messages');
  v_app public.applications := private.party_application(p_application_id, v_uid);
begin
  insert into public.application_reads (application_id, user_id, last_read_at) values (v_app.id, v_uid, now())
  on conflict (application_id, user_id) do update set last_read_at = excluded.last_read_at;
end
$$;
comment on function public.mark_thread_read(uuid) is 'The caller has read the application''s messages up to now.';

-- Unread messages per application, for the applications a dashboard shows (at most 500 ids; only
-- the caller's own count: it runs under the caller's row-level security).
create or replace function public.unread_message_counts(p_application_ids uuid[]) returns table (application_id uuid, unread bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  if cardinality(p_application_ids) > 500 then
    raise exception 'Ask for at most 500 applications at a time' using errcode = '22023';
  end if;
  return query
    select m.application_id, count(*)
    from public.application_messages m
    left join public.application_reads r on r.application_id = m.application_id and r.user_id = auth.uid()
    where m.application_id = any(p_application_ids)
      and m.sender_id <> auth.uid() and (r.last_read_at is null or m.created_at > r.last_read_at)
    group by m.application_id;
end
$$;
comment on function public.unread_message_counts(uuid[]) is 'For each of the given applications of the caller with unread messages from the other party: how many.';

revoke all on function public.send_message(uuid, text) from public;
revoke all on function public.mark_thread_read(uuid) from public;
revoke all on function public.unread_message_counts(uuid[]) from public;
grant execute on function public.send_message(uuid, text) to anon, authenticated, service_role;
grant execute on function public.mark_thread_read(uuid) to anon, authenticated, service_role;
grant execute on function public.unread_message_counts(uuid[]) to authenticated, service_role;
