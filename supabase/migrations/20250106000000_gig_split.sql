-- What a gig pays, computed by the database: the worker's part and the Need40 fee of its rate
-- (per hour for an hourly gig), and the worker's part of an hourly gig's estimate (rate × hours).
-- Read as computed fields (`select=*,worker_cents,fee_cents,estimate_worker_cents`), so the grid
-- and the gig page show the figures the database will freeze on acceptance (deal_terms_frozen)
-- instead of computing 5% themselves. The fee rule stays in one place: ledger.platform_fee_cents.
-- Security definer only to reach that function (the ledger schema is closed to members); each one
-- reads nothing but the row it is given.

create or replace function public.fee_cents(g public.gigs) returns bigint
language sql stable security definer set search_path = '' as $$
  select ledger.platform_fee_cents(round(g.rate * 100)::bigint)
$$;
comment on function public.fee_cents(public.gigs) is 'Computed field of gigs: the Need40 fee of the gig''s rate in cents (per hour for an hourly gig), as a deal would freeze it.';

create or replace function public.worker_cents(g public.gigs) returns bigint
language sql stable security definer set search_path = '' as $$
  select round(g.rate * 100)::bigint - ledger.platform_fee_cents(round(g.rate * 100)::bigint)
$$;
comment on function public.worker_cents(public.gigs) is 'Computed field of gigs: what the worker keeps of the gig''s rate in cents (rate − fee; per hour for an hourly gig).';

create or replace function public.estimate_worker_cents(g public.gigs) returns bigint
language sql stable security definer set search_path = '' as $$
  select case when g.payment_type = 'hourly' and g.hours is not null
    then round(round(g.rate * 100) * g.hours)::bigint - ledger.platform_fee_cents(round(round(g.rate * 100) * g.hours)::bigint) end
$$;
comment on function public.estimate_worker_cents(public.gigs) is 'Computed field of gigs: what the worker keeps of an hourly gig''s estimate (rate × hours) in cents, as acceptance would freeze it; null for a fixed gig or without hours.';

revoke all on function public.fee_cents(public.gigs), public.worker_cents(public.gigs), public.estimate_worker_cents(public.gigs) from public;
grant execute on function public.fee_cents(public.gigs), public.worker_cents(public.gigs), public.estimate_worker_cents(public.gigs) to anon, authenticated, service_role;
