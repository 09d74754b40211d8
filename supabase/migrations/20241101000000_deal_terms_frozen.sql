-- App: acceptance freezes the deal. Until now the agreed amount and its split were recomputed from
-- the gig on every change of the application, so a poster who edited a filled gig's rate (or
-- switched it from hourly to fixed) rewrote an accepted deal: $600 became $1.00. From here on:
--   * At acceptance the database copies the gig's terms onto the application — payment type, rate
--     (the worker's proposed rate for hourly gigs), hours basis — and computes the amount and the
--     Need40 split in integer cents, once. Later edits of the gig never reach the deal.
--   * The split: fee = 5% of the amount in cents, rounded half up; the worker keeps the rest
--     ($600 → 60000 cents: fee 3000, worker 57000; $199.98 → fee 1000 (999.9), worker 18998).
--     ledger.platform_fee_cents() is that rule, used by the trigger below and by the ledger.
--   * Changing an accepted deal's money takes both parties: one proposes new terms
--     (propose_deal_change), the other accepts them (accept_deal_change) or either drops the
--     proposal (decline_deal_change). Once money moves (a payment is recorded; later: funding),
--     the terms are locked. The poster's old one-sided set_agreed_hours goes.
-- The dollar columns (agreed_amount, worker_amount, platform_fee) stay, mirrored from the cents,
-- for the readers that use them. Forward-only; safe to re-run.

create schema if not exists ledger;
comment on schema ledger is 'The money books of Need40 (double-entry ledger). Not exposed through /rest/v1; members read their part through functions.';
revoke all on schema ledger from public;

create or replace function ledger.platform_fee_cents(p_amount_cents bigint) returns bigint
language sql
immutable
strict
set search_path = ''
as $$
  -- 5% rounded half up, in whole cents (integer arithmetic: no float, no banker's rounding).
  select (p_amount_cents * 5 + 50) / 100
$$;
comment on function ledger.platform_fee_cents(bigint) is
  'The Need40 fee of an amount in cents: 5%, rounded half up to the cent (60000 → 3000). The worker keeps amount − fee.';
revoke all on function ledger.platform_fee_cents(bigint) from public;

-- ── The frozen deal on the application ───────────────────────────────────────────────────────
alter table public.applications add column if not exists accepted_at timestamptz;
alter table public.applications add column if not exists deal_payment_type text;
alter table public.applications add column if not exists deal_rate_cents bigint;
alter table public.applications add column if not exists deal_amount_cents bigint;
alter table public.applications add column if not exists deal_fee_cents bigint;
alter table public.applications add column if not exists deal_worker_cents bigint;
-- A proposed change of the deal's money, waiting for the other party.
alter table public.applications add column if not exists change_proposed_by uuid;
alter table public.applications add column if not exists change_rate_cents bigint;
alter table public.applications add column if not exists change_hours numeric;
alter table public.applications add column if not exists change_proposed_at timestamptz;

comment on column public.applications.deal_payment_type is 'Frozen at acceptance: hourly or fixed, as the gig was then.';
comment on column public.applications.deal_rate_cents is 'Frozen at acceptance: the hourly rate (hourly) or the price (fixed), in cents. Changes only through an accepted deal change.';
comment on column public.applications.deal_amount_cents is 'What the poster pays, in cents: the price, or round(rate × agreed_hours).';
comment on column public.applications.deal_fee_cents is 'The Need40 fee in cents: ledger.platform_fee_cents(deal_amount_cents).';
comment on column public.applications.deal_worker_cents is 'What the worker keeps, in cents: deal_amount_cents − deal_fee_cents.';
comment on column public.applications.change_proposed_by is 'The party proposing new deal terms (change_rate_cents, change_hours); the other party accepts or either declines.';

alter table public.applications drop constraint if exists applications_deal_payment_type_check;
alter table public.applications add constraint applications_deal_payment_type_check check (deal_payment_type in ('hourly', 'fixed'));
alter table public.applications drop constraint if exists applications_deal_rate_range;
alter table public.applications add constraint applications_deal_rate_range check (deal_rate_cents between 1 and 100000000);
alter table public.applications drop constraint if exists applications_deal_split;
alter table public.applications add constraint applications_deal_split check (
  (deal_amount_cents is null and deal_fee_cents is null and deal_worker_cents is null)
  or (deal_amount_cents > 0 and deal_fee_cents >= 0 and deal_worker_cents >= 0 and deal_fee_cents + deal_worker_cents = deal_amount_cents)
);
alter table public.applications drop constraint if exists applications_change_consistent;
alter table public.applications add constraint applications_change_consistent check (
  (change_proposed_by is null) = (change_proposed_at is null)
  and (change_rate_cents between 1 and 100000000)
  and (change_hours > 0 and change_hours <= 100000)
);

-- The one place the amount and split of a deal are computed. At acceptance: from the gig as it is
-- then. Afterwards: never from the gig again; only a change of the frozen rate or hours (an
-- accepted deal change, while the deal is still 'accepted') recomputes them.
create or replace function private.applications_compute_terms() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_gig record;
  v_amount bigint;
begin
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
comment on function private.applications_compute_terms() is
  'Trigger: freezes the gig''s terms on the application at acceptance and computes the amount and split in cents; afterwards only an accepted deal change (while accepted) recomputes them, never the gig.';

-- Deals accepted before this migration: frozen as both parties saw them last. Where a payment was
-- recorded, its amount is the truth (the bug could have moved agreed_amount since).
alter table public.applications disable trigger applications_compute_terms;
with frozen as (
  select a.id, g.payment_type,
         coalesce((select min(e.created_at) from public.application_events e where e.application_id = a.id and e.transition = 'accept'), a.updated_at) as accepted_at,
         round(coalesce(
           (select ap.amount from public.application_payments ap
             where ap.application_id = a.id and ap.status in ('pending', 'completed') order by ap.created_at desc limit 1),
           a.agreed_amount) * 100)::bigint as amount_cents,
         round(case when g.payment_type = 'fixed' then g.rate else coalesce(a.proposed_rate, g.rate) end * 100)::bigint as rate_cents
  from public.applications a
  join public.gigs g on g.id = a.gig_id
  where a.status in ('accepted', 'paid') and a.deal_payment_type is null
)
update public.applications a
   set accepted_at = f.accepted_at,
       deal_payment_type = f.payment_type,
       deal_rate_cents = case when f.payment_type = 'fixed' then coalesce(f.amount_cents, f.rate_cents) else f.rate_cents end,
       agreed_hours = case when f.payment_type = 'fixed' then null else a.agreed_hours end,
       deal_amount_cents = f.amount_cents,
       deal_fee_cents = ledger.platform_fee_cents(f.amount_cents),
       deal_worker_cents = f.amount_cents - ledger.platform_fee_cents(f.amount_cents),
       agreed_amount = round(f.amount_cents / 100.0, 2),
       platform_fee = round(ledger.platform_fee_cents(f.amount_cents) / 100.0, 2),
       worker_amount = round((f.amount_cents - ledger.platform_fee_cents(f.amount_cents)) / 100.0, 2)
  from frozen f
 where f.id = a.id;
alter table public.applications enable trigger applications_compute_terms;
