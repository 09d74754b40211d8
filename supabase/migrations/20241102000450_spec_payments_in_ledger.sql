-- App: the spec's three payment flows keep recording their `payments` rows exactly as before
-- (Pay $600 and Give40: pending, and their PayPal.me tab; "Pay $600 and post gig": completed) and
-- now also enter the ledger as money announced but not confirmed — a pending hold on the manual
-- provider's cash — until an operator confirms it arrived (operator_confirm_payment):
--   Pay $600       → the payer's credit (a visitor's: unattributed credit), to put toward a deal;
--   Give40         → campaign donations;
--   $600 gig path  → the gig's prepaid funds: accepting a worker on that gig funds the deal from
--                    them (never asks for the money again); a gig closed, or its deal cancelled,
--                    returns them to the poster (refund due).
-- Triggers, so record_payment() and create_paid_gig() are unchanged. Forward-only; safe to re-run.

create or replace function private.payment_reference(p_id uuid) returns text
language sql
immutable
set search_path = ''
as $$
  select 'N40-' || upper(left(replace(p_id::text, '-', ''), 8))
$$;
revoke all on function private.payment_reference(uuid) from public;

-- Pay $600 / Give40 (and any pending row a member records): a hold into credit or donations.
create or replace function private.payments_enter_ledger() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta ledger.transactions;
  v_to bigint;
begin
  if new.metadata ->> 'kind' = 'gig_posting' then
    return null;  -- its gig row carries it (gigs_prepayment_enters_ledger)
  end if;
  v_to := case when new.metadata ->> 'kind' = 'give' then ledger.account('donations') else ledger.account('credit', p_owner => new.user_id) end;
  v_meta.payment_id := new.id;
  v_meta.payer_id := new.user_id;
  v_meta.provider := 'manual';
  v_meta.provider_ref := private.payment_reference(new.id);
  perform ledger.post('payment:' || new.id, case when new.metadata ->> 'kind' = 'give' then 'donation' else 'payment_in' end,
    array[ledger.account('cash', p_provider => 'manual'), v_to], array[round(new.amount * 100)::bigint, -round(new.amount * 100)::bigint], v_meta, 'pending');
  return null;
end
$$;
revoke all on function private.payments_enter_ledger() from public;
drop trigger if exists payments_enter_ledger on public.payments;
create trigger payments_enter_ledger after insert on public.payments for each row execute function private.payments_enter_ledger();

-- The $600 gig path: a hold into the gig's prepaid funds.
create or replace function private.gigs_prepayment_enters_ledger() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta ledger.transactions;
  v_amount bigint := round((select p.amount from public.payments p where p.id = new.payment_id) * 100);
begin
  v_meta.payment_id := new.payment_id;
  v_meta.gig_id := new.id;
  v_meta.payer_id := new.user_id;
  v_meta.provider := 'manual';
  v_meta.provider_ref := private.payment_reference(new.payment_id);
  perform ledger.post('payment:' || new.payment_id, 'gig_prepayment',
    array[ledger.account('cash', p_provider => 'manual'), ledger.account('gig_prepaid', p_gig => new.id)], array[v_amount, -v_amount], v_meta, 'pending');
  return null;
end
$$;
revoke all on function private.gigs_prepayment_enters_ledger() from public;
drop trigger if exists gigs_prepayment_enters_ledger on public.gigs;
create trigger gigs_prepayment_enters_ledger after insert on public.gigs
  for each row when (new.payment_id is not null) execute function private.gigs_prepayment_enters_ledger();

-- A gig whose prepayment is announced and not yet confirmed or voided.
create or replace function private.gig_prepayment_pending(p_gig_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from ledger.transactions t where t.gig_id = p_gig_id and t.kind = 'gig_prepayment' and t.phase = 'pending'
                   and not exists (select 1 from ledger.transactions r where r.pending_id = t.id))
$$;
revoke all on function private.gig_prepayment_pending(uuid) from public;

-- Put a gig's confirmed prepaid funds where they belong: into its accepted deal, or — when the gig
-- has none and takes no more applicants (filled with a cancelled deal, or closed, or deleted) —
-- back to the poster. An open gig keeps them for the applicant it will accept.
create or replace function private.settle_prepaid(p_gig_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_available bigint := (select b.credits_posted - b.debits_posted - b.debits_pending from ledger.accounts b where b.key = 'gig_prepaid:' || p_gig_id);
  v_status text := (select g.status from public.gigs g where g.id = p_gig_id);
  v_app public.applications;
  v_meta ledger.transactions;
begin
  if coalesce(v_available, 0) <= 0 or v_status = 'active' then
    return;
  end if;
  select a.* into v_app from public.applications a where a.gig_id = p_gig_id and a.status = 'accepted' limit 1;
  if v_app.id is not null and v_app.deal_amount_cents <= v_available then
    v_app := private.fire_application_transition(v_app.id, 'fund', null);
    v_app := private.after_funded(v_app, private.fund_deal(v_app, 'gig_prepaid', 'manual', null, null, null));
    v_available := v_available - v_app.deal_amount_cents;
  end if;
  if v_available > 0 then
    select t.payer_id, t.payment_id into v_meta.payer_id, v_meta.payment_id
      from ledger.transactions t where t.gig_id = p_gig_id and t.kind = 'gig_prepayment' order by t.id limit 1;
    v_meta.gig_id := p_gig_id;
    v_meta.provider := 'manual';
    perform private.send_receipt(
      ledger.post('prepaid-return:' || p_gig_id, 'prepaid_return',
        array[ledger.account('gig_prepaid', p_gig => p_gig_id), ledger.account('refund_due', p_owner => v_meta.payer_id)],
        array[v_available, -v_available], v_meta),
      v_meta.payer_id, 'refund_due');
  end if;
end
$$;
comment on function private.settle_prepaid(uuid) is 'Moves a gig''s confirmed prepaid funds into its accepted deal, or back to the poster when the gig takes no more applicants.';
revoke all on function private.settle_prepaid(uuid) from public;

create or replace function private.gigs_settle_prepaid() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.settle_prepaid(new.id);
  return null;
end
$$;
revoke all on function private.gigs_settle_prepaid() from public;
drop trigger if exists gigs_settle_prepaid on public.gigs;
create trigger gigs_settle_prepaid after update of status on public.gigs
  for each row when (new.payment_id is not null and new.status is distinct from old.status) execute function private.gigs_settle_prepaid();

-- The money of a deal is locked once it is funded or being funded, or paid with its gig.
create or replace function private.deal_money_locked(p_app public.applications) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_app.status <> 'accepted'
      or (private.open_funding_hold(p_app.id)).id is not null
      or exists (select 1 from public.gigs g where g.id = p_app.gig_id and g.payment_id is not null)
$$;
