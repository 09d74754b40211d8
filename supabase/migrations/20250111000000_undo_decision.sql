-- App: a poster's Accept or Decline can be undone for 10 seconds, before anyone is told.
--
-- What an accept or a decline writes for the applicants — the emails in the outbox and the bell's
-- rows — is held for the window (private.decision_undo_window): each is marked as it is written, by
-- a trigger, when the same transaction recorded an accept, a decline or the declines an accept
-- causes. The deliverer claims only outbox rows that are due (deliver_after), so a held email
-- waits by itself; a held bell row is hidden from its reader (held_until, a restrictive policy)
-- until private.release_held_notifications() — called by the deliverers' claim on every tick —
-- clears it, an update Realtime carries to the bell.
--
-- public.undo_decision(application) takes the decision back inside the window, for the gig's
-- poster only: the application returns to applied (an accept: the gig opens again and the
-- applications its accept declined return too), through transitions of the state machine like
-- any other change, and the held emails and bell rows are deleted unsent. Forward-only; safe to
-- re-run.

create or replace function private.decision_undo_window()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '10 seconds' $$;
comment on function private.decision_undo_window() is 'How long a poster''s Accept or Decline can be undone; its emails and bell rows wait that long.';
revoke all on function private.decision_undo_window() from public;

insert into private.application_process (transition, from_status, to_status, actor, notify, notice, action, family) values
  ('undo_accept', 'accepted', 'applied', 'poster', null, null, 'undo this decision', 'application'),
  ('undo_decline', 'declined', 'applied', 'poster', null, null, 'undo this decision', 'application')
on conflict (transition, from_status) do update
  set to_status = excluded.to_status, actor = excluded.actor, notify = excluded.notify, notice = excluded.notice,
      action = excluded.action, family = excluded.family;

-- True when this transaction recorded a decision the poster may still undo on `p_application`.
create or replace function private.decided_now(p_application uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.application_events e
                  where e.application_id = p_application and e.created_at = now()
                    and e.transition in ('accept', 'decline', 'decline_others'))
$$;
comment on function private.decided_now(uuid) is 'Whether the current transaction recorded an accept, a decline or an accept''s decline of the application (its emails and bell rows are then held).';
revoke all on function private.decided_now(uuid) from public;

alter table public.notifications add column if not exists held_until timestamptz;
comment on column public.notifications.held_until is 'Set while the event can still be undone (a poster''s Accept or Decline): the row is hidden from its reader until then; cleared by private.release_held_notifications().';
create index if not exists notifications_held_idx on public.notifications (held_until) where held_until is not null;

drop policy if exists notifications_not_held on public.notifications;
create policy notifications_not_held on public.notifications as restrictive for select to authenticated
  using (held_until is null);

create or replace function private.notifications_hold_decisions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The undo itself is nobody's news: the decision it takes back was never shown.
  if new.kind in ('undo_accept', 'undo_decline') then
    return null;
  end if;
  if new.application_id is not null and private.decided_now(new.application_id) then
    new.held_until := now() + private.decision_undo_window();
  end if;
  return new;
end
$$;
comment on function private.notifications_hold_decisions() is 'Before a bell row is written: held for the undo window when it announces a decision the poster can still undo; an undo writes none.';
revoke all on function private.notifications_hold_decisions() from public;

drop trigger if exists notifications_hold_decisions on public.notifications;
create trigger notifications_hold_decisions before insert on public.notifications
  for each row execute function private.notifications_hold_decisions();

create or replace function private.outbox_hold_decisions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_application uuid;
begin
  if new.kind in ('application_accepted', 'application_declined') then
    v_application := (new.payload ->> 'application_id')::uuid;
    if private.decided_now(v_application) then
      new.deliver_after := greatest(new.deliver_after, now() + private.decision_undo_window());
    end if;
  end if;
  return new;
end
$$;
comment on function private.outbox_hold_decisions() is 'Before an email is queued: an accept''s or a decline''s waits out the undo window.';
revoke all on function private.outbox_hold_decisions() from public;

drop trigger if exists notification_outbox_hold_decisions on private.notification_outbox;
create trigger notification_outbox_hold_decisions before insert on private.notification_outbox
  for each row execute function private.outbox_hold_decisions();

-- Held bell rows whose window has passed become visible; the update reaches the bell through
-- Realtime. Bounded per call so one tick does bounded work.
create or replace function private.release_held_notifications(p_limit integer default 1000)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.notifications n set held_until = null
   where n.id in (select h.id from public.notifications h
                   where h.held_until is not null and h.held_until <= now()
                   order by h.held_until limit greatest(p_limit, 0));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.release_held_notifications(integer) is 'Deliverers, on each tick: shows the bell rows whose undo window has passed (at most p_limit); returns how many.';
revoke all on function private.release_held_notifications(integer) from public;

-- The deliverers' claim, as it was, plus the release above: the tick that sends due emails also
-- shows due bell rows, so no other job is needed.
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
  -- Every deliverer's tick passes here: the bell rows whose undo window is over are shown too.
  perform private.release_held_notifications();
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
      -- inside the window: the digest kinds wait for its end; money emails are claimed below
      update private.notification_outbox o set deliver_after = v_last + p_window
       where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
         and o.kind not in ('deal_update', 'payment_receipt');
    elsif exists (select 1 from private.notification_outbox o
                   where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
                     and o.kind not in ('deal_update', 'payment_receipt')) then
      update private.notification_recipients r set last_email_at = now() where r.recipient_id = v_recipient;
    end if;
    return query
      update private.notification_outbox o
         set attempts = o.attempts + 1, deliver_after = now() + make_interval(secs => p_lease_seconds)
       where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
      returning o.*;
  end loop;
end
$$;
comment on function private.claim_notifications(integer, integer, integer, interval) is
  'Deliverers: claims the due rows of up to p_recipients recipients, all of a recipient''s together; a recipient emailed less than p_window ago waits for the window''s end (digests), except for money emails (deal_update, payment_receipt), which neither wait nor start a window. Each call first shows the bell rows whose undo window is over (private.release_held_notifications).';
revoke all on function private.claim_notifications(integer, integer, integer, interval) from public;

-- Read marks only what the member could see.
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
   where recipient_id = v_uid and read_at is null and held_until is null and (p_up_to is null or id <= p_up_to);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_notifications_read(bigint) is 'Marks the caller''s unread notifications read (those up to p_up_to, the newest the member saw; all without it; never a held one); returns how many.';
revoke all on function public.mark_notifications_read(bigint) from public;
grant execute on function public.mark_notifications_read(bigint) to anon, authenticated, service_role;

-- An undone accept leaves no deal behind: the terms frozen at acceptance go with it. (Every other
-- branch is the trigger as it was.)
create or replace function private.applications_compute_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_gig record;
  v_amount bigint;
begin
  if tg_op = 'UPDATE' and old.status = 'accepted' and new.status = 'applied' then
    new.accepted_at := null;
    new.deal_payment_type := null;
    new.deal_rate_cents := null;
    new.agreed_hours := null;
    new.deal_amount_cents := null;
    new.deal_fee_cents := null;
    new.deal_worker_cents := null;
    new.agreed_amount := null;
    new.platform_fee := null;
    new.worker_amount := null;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.deal_payment_type is not null then
    if new.deal_payment_type is distinct from old.deal_payment_type then
      raise exception 'The payment type of an accepted deal cannot change' using errcode = 'PT409';
    end if;
    if new.deal_rate_cents is not distinct from old.deal_rate_cents and new.agreed_hours is not distinct from old.agreed_hours then
      if (new.deal_amount_cents, new.deal_fee_cents, new.deal_worker_cents) is distinct from (old.deal_amount_cents, old.deal_fee_cents, old.deal_worker_cents) then
        raise exception 'The money of an accepted deal changes only through an accepted deal change' using errcode = 'PT409';
      end if;
      return new;
    end if;
    if old.status <> 'accepted' then
      raise exception 'The money of this deal can no longer change' using errcode = 'PT409',
        detail = format('The deal is %s.', old.status);
    end if;
  elsif new.status = 'accepted' and new.deal_payment_type is null then
    select g.payment_type, g.rate, g.hours into v_gig from public.gigs g where g.id = new.gig_id;
    new.accepted_at := now();
    new.deal_payment_type := v_gig.payment_type;
    if v_gig.payment_type = 'fixed' then
      new.deal_rate_cents := round(v_gig.rate * 100);
      new.agreed_hours := null;
    else
      new.deal_rate_cents := round(coalesce(new.proposed_rate, v_gig.rate) * 100);
      new.agreed_hours := coalesce(new.agreed_hours, v_gig.hours);
    end if;
  else
    return new;
  end if;

  v_amount := case when new.deal_payment_type = 'fixed' then new.deal_rate_cents else round(new.deal_rate_cents * new.agreed_hours) end;
  if v_amount is not null and v_amount < 1 then
    raise exception 'The deal''s amount must be at least one cent' using errcode = '22023';
  end if;
  new.deal_amount_cents := v_amount;
  new.deal_fee_cents := ledger.platform_fee_cents(v_amount);
  new.deal_worker_cents := v_amount - new.deal_fee_cents;
  new.agreed_amount := round(v_amount / 100.0, 2);
  new.platform_fee := round(new.deal_fee_cents / 100.0, 2);
  new.worker_amount := round(new.deal_worker_cents / 100.0, 2);
  return new;
end
$$;
comment on function private.applications_compute_terms() is 'Trigger: freezes the gig''s terms on the application at acceptance and computes the amount and split in cents; afterwards only an accepted deal change (while accepted) recomputes them, never the gig; an undone acceptance clears them.';

create or replace function public.undo_decision(p_application_id uuid)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('undo a decision');
  v_app public.applications;
  v_event public.application_events;
  v_undone uuid[];
  v_other uuid;
begin
  if p_application_id is null then
    raise exception 'Which application? p_application_id is required' using errcode = '22023';
  end if;
  select a.* into v_app from public.applications a where a.id = p_application_id;
  -- Someone who is neither party does not learn that the application exists.
  if not found or v_uid not in (v_app.worker_id, v_app.poster_id) then
    raise exception 'Application not found' using errcode = 'N4004';
  end if;
  if v_uid <> v_app.poster_id then
    raise exception 'Only the gig''s poster can undo this decision' using errcode = '42501';
  end if;
  perform 1 from public.gigs g where g.id = v_app.gig_id for update;
  select a.* into v_app from public.applications a where a.id = p_application_id for update;
  select e.* into v_event from public.application_events e
   where e.application_id = v_app.id order by e.created_at desc, e.id desc limit 1;
  if v_event.transition is null or v_event.transition not in ('accept', 'decline') or v_event.actor_id is distinct from v_uid
     or v_event.to_status <> v_app.status or v_event.created_at <= now() - private.decision_undo_window() then
    raise exception 'This decision can no longer be undone: the applicant has been told' using errcode = 'N4011';
  end if;

  if v_event.transition = 'accept' then
    v_app := private.fire_application_transition(v_app.id, 'undo_accept', v_uid);
    update public.gigs set status = 'active' where id = v_app.gig_id and status = 'filled';
    v_undone := array[v_app.id];
    -- The applications this accept declined (same transaction, so the same timestamp) come back.
    for v_other in
      select e.application_id from public.application_events e
        join public.applications a on a.id = e.application_id
       where a.gig_id = v_app.gig_id and a.status = 'declined' and e.transition = 'decline_others'
         and e.created_at = v_event.created_at
         and not exists (select 1 from public.application_events later
                          where later.application_id = e.application_id and later.id > e.id)
       order by e.id
    loop
      perform private.fire_application_transition(v_other, 'undo_decline', v_uid);
      v_undone := v_undone || v_other;
    end loop;
  else
    v_app := private.fire_application_transition(v_app.id, 'undo_decline', v_uid);
    update public.applications set decline_note = null where id = v_app.id returning * into v_app;
    v_undone := array[v_app.id];
  end if;
  update public.applications set decline_note = null where id = any(v_undone) and decline_note is not null;

  -- Nobody hears of a decision taken back: its held emails and bell rows go unsent.
  delete from private.notification_outbox o
   where o.delivered_at is null and o.kind in ('application_accepted', 'application_declined')
     and o.payload ->> 'application_id' = any(v_undone::text[]) and o.deliver_after > now();
  delete from public.notifications n where n.application_id = any(v_undone) and n.held_until is not null;
  return v_app;
end
$$;
comment on function public.undo_decision(uuid) is 'The gig''s poster takes back an Accept or a Decline within private.decision_undo_window(): the application (and, for an accept, the gig and the applications it declined) returns to where it was; the held emails and bell rows are deleted unsent. N4011 after the window or once anything else happened.';
revoke all on function public.undo_decision(uuid) from public;
grant execute on function public.undo_decision(uuid) to anon, authenticated, service_role;
