-- App: changing an accepted deal's money takes both parties. Either party proposes new terms —
-- a new rate (the hourly rate, or the price of a fixed deal) and/or new hours (hourly deals) —
-- and the OTHER party accepts them; either party can drop a proposal (the proposer withdraws it,
-- the other declines it). A new proposal replaces an open one. Terms can change only while the
-- deal is accepted and no money has moved for it (private.deal_money_locked). The poster's
-- one-sided set_agreed_hours() (20240401000900) is dropped with its process step.
-- Forward-only; safe to re-run.

delete from private.application_process where transition = 'set_agreed_hours';
drop function if exists public.set_agreed_hours(uuid, numeric);

insert into private.application_process (transition, from_status, to_status, actor, notify, notice, action, family) values
  ('propose_change', 'accepted', 'accepted', 'party', null, null, 'propose a change to the deal', 'deal'),
  ('accept_change', 'accepted', 'accepted', 'party', null, null, 'accept the proposed change', 'deal'),
  ('decline_change', 'accepted', 'accepted', 'party', null, null, 'decline the proposed change', 'deal')
on conflict (transition, from_status) do update
  set to_status = excluded.to_status, actor = excluded.actor, notify = excluded.notify, notice = excluded.notice,
      action = excluded.action, family = excluded.family;

-- Whether money has started to move for the deal, so its terms may no longer change.
-- (Redefined by the ledger migration: a funding started or posted.)
create or replace function private.deal_money_locked(p_app public.applications) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.application_payments p where p.application_id = p_app.id and p.status in ('pending', 'completed'))
$$;
comment on function private.deal_money_locked(public.applications) is 'True once money has started to move for the deal: its terms are locked.';
revoke all on function private.deal_money_locked(public.applications) from public;

create or replace function public.propose_deal_change(p_application_id uuid, p_rate numeric default null, p_hours numeric default null)
returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('propose a change to the deal');
  v_app public.applications;
  v_rate bigint;
  v_hours numeric;
begin
  v_app := private.fire_application_transition(p_application_id, 'propose_change', v_uid);
  if p_rate is null and p_hours is null then
    raise exception 'Propose a new rate or new hours' using errcode = '22023';
  end if;
  if p_rate is not null and (p_rate < 0.01 or p_rate > 1000000 or p_rate <> round(p_rate, 2)) then
    raise exception 'The rate must be from 0.01 to 1000000, with at most two decimals' using errcode = '22023';
  end if;
  if p_hours is not null and v_app.deal_payment_type = 'fixed' then
    raise exception 'Hours apply only to hourly deals' using errcode = '22023';
  end if;
  if p_hours is not null and (p_hours <= 0 or p_hours > 100000) then
    raise exception 'The hours must be greater than 0 and at most 100000' using errcode = '22023';
  end if;
  if private.deal_money_locked(v_app) then
    raise exception 'Money is already moving for this deal: its terms can no longer change' using errcode = 'PT409';
  end if;
  v_rate := coalesce(round(p_rate * 100)::bigint, v_app.deal_rate_cents);
  v_hours := case when v_app.deal_payment_type = 'fixed' then null else coalesce(p_hours, v_app.agreed_hours) end;
  if v_app.deal_payment_type = 'hourly' and v_hours is null then
    raise exception 'Propose the hours too: this deal has none yet' using errcode = '22023';
  end if;
  if v_rate = v_app.deal_rate_cents and v_hours is not distinct from v_app.agreed_hours then
    raise exception 'These are the terms of the deal already' using errcode = '22023';
  end if;
  update public.applications
     set change_proposed_by = v_uid, change_rate_cents = v_rate, change_hours = v_hours, change_proposed_at = now()
   where id = v_app.id
  returning * into v_app;
  return v_app;
end
$$;
comment on function public.propose_deal_change(uuid, numeric, numeric) is
  'A party of an accepted deal proposes new money terms: p_rate (the hourly rate, or a fixed deal''s price, in dollars) and/or p_hours (hourly deals). The other party accepts with accept_deal_change.';

create or replace function public.accept_deal_change(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('accept the proposed change');
  v_app public.applications;
begin
  v_app := private.fire_application_transition(p_application_id, 'accept_change', v_uid);
  if v_app.change_proposed_by is null then
    raise exception 'There is no proposed change to accept' using errcode = 'PT409';
  end if;
  if v_app.change_proposed_by = v_uid then
    raise exception 'Only the other party can accept this change' using errcode = '42501';
  end if;
  if private.deal_money_locked(v_app) then
    raise exception 'Money is already moving for this deal: its terms can no longer change' using errcode = 'PT409';
  end if;
  -- The trigger recomputes the amount and the split from the new rate and hours.
  update public.applications
     set deal_rate_cents = change_rate_cents, agreed_hours = change_hours,
         change_proposed_by = null, change_rate_cents = null, change_hours = null, change_proposed_at = null
   where id = v_app.id
  returning * into v_app;
  return v_app;
end
$$;
comment on function public.accept_deal_change(uuid) is 'The other party accepts the proposed terms: the deal''s rate and hours change and its amount and split follow.';

create or replace function public.decline_deal_change(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('decline the proposed change');
  v_app public.applications;
begin
  v_app := private.fire_application_transition(p_application_id, 'decline_change', v_uid);
  if v_app.change_proposed_by is null then
    raise exception 'There is no proposed change to decline' using errcode = 'PT409';
  end if;
  update public.applications
     set change_proposed_by = null, change_rate_cents = null, change_hours = null, change_proposed_at = null
   where id = v_app.id
  returning * into v_app;
  return v_app;
end
$$;
comment on function public.decline_deal_change(uuid) is 'Either party drops the proposed change (the proposer withdraws it, the other declines it); the deal stays as it was.';

revoke all on function public.propose_deal_change(uuid, numeric, numeric) from public;
revoke all on function public.accept_deal_change(uuid) from public;
revoke all on function public.decline_deal_change(uuid) from public;
grant execute on function public.propose_deal_change(uuid, numeric, numeric) to anon, authenticated, service_role;
grant execute on function public.accept_deal_change(uuid) to anon, authenticated, service_role;
grant execute on function public.decline_deal_change(uuid) to anon, authenticated, service_role;
