-- App: marketplace emails that nobody can turn into a mail bomb. Before, each withdraw and
-- re-apply of one application mailed its poster again (ten cycles in 0.4 s: eleven emails). Now:
--   * a re-apply is refused for 10 minutes after the withdraw (N4290);
--   * limits per sender (who caused the email: auth.uid() of the request that queued it) — at most
--     30 unsolicited emails (new application, new message) per hour, and per sender and recipient
--     at most 3 "new application" and 12 "new message" emails a day — and per recipient at most
--     100 queued per hour; past a limit the email is not queued (the action itself still happens);
--   * digests: a recipient gets at most one email per 10 minutes; what arrives meanwhile waits for
--     the end of that window and goes out as one email (private.claim_notifications below).
-- The limits sit in a trigger on the outbox, so every writer of it (enqueue_notification,
-- send_message's debounced row) is covered without changing those functions.
-- Forward-only; safe to re-run.

alter table private.notification_outbox add column if not exists sender_id uuid;
alter table private.notification_outbox drop constraint if exists notification_outbox_sender_id_fkey;
alter table private.notification_outbox add constraint notification_outbox_sender_id_fkey
  foreign key (sender_id) references public.profiles (id) on delete set null;
comment on column private.notification_outbox.sender_id is
  'The member whose request queued the email (auth.uid() then), null for the system; the per-sender limits count it.';
create index if not exists notification_outbox_sender_idx on private.notification_outbox (sender_id, created_at) where sender_id is not null;
create index if not exists notification_outbox_recipient_created_idx on private.notification_outbox (recipient_id, created_at);
-- The index above serves everything the recipient-only one did.
drop index if exists private.notification_outbox_recipient_idx;

-- The limits, each with the abuse it stops; each count stops at its cap (bounded work per insert).
create or replace function private.notification_outbox_limits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- unsolicited kinds: the recipient did nothing to ask for them (the others answer the
  -- recipient's own application, so they are bounded by what the recipient did)
  v_unsolicited boolean := new.kind in ('new_application', 'new_message');
  v_pair_cap integer := case new.kind when 'new_application' then 3 else 12 end;
  v_n integer;
begin
  new.sender_id := coalesce(new.sender_id, auth.uid());
  if new.sender_id is not null and new.sender_id <> new.recipient_id and v_unsolicited then
    -- one member mailing many posters (applying everywhere, messaging every thread)
    select count(*) into v_n from (
      select 1 from private.notification_outbox o
       where o.sender_id = new.sender_id and o.kind in ('new_application', 'new_message') and o.created_at > now() - interval '1 hour'
       limit 30) s;
    if v_n >= 30 then return null; end if;
    -- one member mailing one poster again and again (withdraw / re-apply cycles)
    select count(*) into v_n from (
      select 1 from private.notification_outbox o
       where o.sender_id = new.sender_id and o.recipient_id = new.recipient_id and o.kind = new.kind and o.created_at > now() - interval '1 day'
       limit v_pair_cap) s;
    if v_n >= v_pair_cap then return null; end if;
  end if;
  -- many members mailing one recipient: the digest keeps it to one email per window; this bounds
  -- what the outbox holds for them
  select count(*) into v_n from (
    select 1 from private.notification_outbox o
     where o.recipient_id = new.recipient_id and o.created_at > now() - interval '1 hour'
     limit 100) s;
  if v_n >= 100 then return null; end if;
  return new;
end
$$;
comment on function private.notification_outbox_limits() is
  'Before insert on the outbox: records the sender and drops the email past the per-sender (30 unsolicited/h), per-pair (3 new applications, 12 new-message emails a day) and per-recipient (100/h) limits.';
revoke all on function private.notification_outbox_limits() from public;

drop trigger if exists notification_outbox_limits on private.notification_outbox;
create trigger notification_outbox_limits before insert on private.notification_outbox
  for each row execute function private.notification_outbox_limits();

-- The re-apply cooldown: a withdrawn application comes back only 10 minutes after its withdraw.
create or replace function private.applications_reapply_cooldown() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_withdrawn_at timestamptz;
begin
  if old.status = 'withdrawn' and new.status = 'applied' then
    select max(e.created_at) into v_withdrawn_at from public.application_events e
     where e.application_id = new.id and e.to_status = 'withdrawn';
    if v_withdrawn_at > now() - interval '10 minutes' then
      raise exception 'You withdrew this application a moment ago: you can apply again in % minutes',
        ceil(extract(epoch from (v_withdrawn_at + interval '10 minutes' - now())) / 60)::integer
        using errcode = 'N4290', detail = 'A withdrawn application can be sent again 10 minutes after the withdraw.';
    end if;
  end if;
  return new;
end
$$;
comment on function private.applications_reapply_cooldown() is 'Before an application goes from withdrawn back to applied: refused (N4290) within 10 minutes of the withdraw.';
revoke all on function private.applications_reapply_cooldown() from public;

drop trigger if exists applications_reapply_cooldown on public.applications;
create trigger applications_reapply_cooldown before update of status on public.applications
  for each row execute function private.applications_reapply_cooldown();

-- Digests: when each recipient was last emailed (claimed for sending).
create table if not exists private.notification_recipients (
  recipient_id uuid primary key references public.profiles (id) on delete cascade,
  last_email_at timestamptz not null
);
comment on table private.notification_recipients is
  'When each recipient''s last email was claimed for sending: the deliverer sends them at most one per digest window.';
revoke all on table private.notification_recipients from public;
alter table private.notification_recipients enable row level security;

-- Claim what is due, one recipient at a time: every due row of a recipient comes out together
-- (the deliverer sends them as one email, a digest when there are several), unless the recipient
-- was emailed less than p_window ago — then their due rows wait for the end of that window. A
-- claim is a lease (attempts + 1, due again after p_lease_seconds unless marked delivered).
-- Several deliverers share one outbox: a recipient another one is claiming is skipped.
create or replace function private.claim_notifications(p_recipients integer, p_lease_seconds integer, p_max_attempts integer, p_window interval default interval '10 minutes')
returns setof private.notification_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_recipient uuid;
  v_last timestamptz;
begin
  for v_recipient in
    select o.recipient_id from private.notification_outbox o
     where o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
     group by o.recipient_id
     order by min(o.deliver_after)
     limit p_recipients
  loop
    insert into private.notification_recipients (recipient_id, last_email_at) values (v_recipient, '-infinity')
    on conflict (recipient_id) do nothing;
    select r.last_email_at into v_last from private.notification_recipients r where r.recipient_id = v_recipient for update skip locked;
    continue when not found;
    if v_last > now() - p_window then
      update private.notification_outbox o set deliver_after = v_last + p_window
       where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts;
      continue;
    end if;
    update private.notification_recipients r set last_email_at = now() where r.recipient_id = v_recipient;
    return query
      update private.notification_outbox o
         set attempts = o.attempts + 1, deliver_after = now() + make_interval(secs => p_lease_seconds)
       where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
      returning o.*;
  end loop;
end
$$;
comment on function private.claim_notifications(integer, integer, integer, interval) is
  'Deliverers: claims the due rows of up to p_recipients recipients, all of a recipient''s together; a recipient emailed less than p_window ago waits for the window''s end (digests).';
revoke all on function private.claim_notifications(integer, integer, integer, interval) from public;
