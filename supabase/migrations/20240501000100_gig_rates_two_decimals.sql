-- App: money in gigs has two decimals at most. rate, worker_rate and platform_fee become
-- numeric(9,2): existing values are rounded to the cent (half away from zero, as round() does),
-- a value sent with more decimals is rounded on the way in, and a rate must be at least one cent
-- (0.004 rounds to 0.00 and is refused) and at most 1,000,000. docs/marketplace-limits.md lists
-- every limit the database puts on a gig, for the post form to mirror. Forward-only; safe to re-run.

do $$
begin
  if (select format_type(atttypid, atttypmod) from pg_attribute
      where attrelid = 'public.gigs'::regclass and attname = 'rate') = 'numeric' then
    alter table public.gigs drop constraint if exists gigs_rate_range;
    alter table public.gigs drop constraint if exists gigs_fee_consistent;
    -- The insert policy names the fee columns, which blocks a type change: it is put back as it was.
    drop policy if exists gigs_insert_own on public.gigs;
    -- A positive rate below half a cent would round to zero: it becomes one cent, the least rate.
    alter table public.gigs
      alter column rate type numeric(9, 2) using greatest(round(rate, 2), 0.01),
      alter column worker_rate type numeric(9, 2) using round(worker_rate, 2),
      alter column platform_fee type numeric(9, 2) using round(platform_fee, 2);
    -- Rounding each figure alone could break "fees add up to the rate" by a cent on a row with
    -- sub-cent figures: the fee takes the difference (the $600 path only ever wrote whole dollars).
    update public.gigs set platform_fee = rate - worker_rate
      where worker_rate is not null and worker_rate + platform_fee <> rate;
    alter table public.gigs add constraint gigs_rate_range check (rate >= 0.01 and rate <= 1000000);
    alter table public.gigs add constraint gigs_fee_consistent check (
      (worker_rate is null and platform_fee is null)
      or (worker_rate >= 0 and platform_fee >= 0 and worker_rate + platform_fee = rate)
    );
    create policy gigs_insert_own on public.gigs
      for insert to authenticated
      with check (user_id = (select auth.uid()) and payment_id is null and worker_rate is null and platform_fee is null);
  end if;
end
$$;

comment on column public.gigs.rate is 'Hourly rate or fixed price in dollars: 0.01 to 1,000,000, two decimals at most.';
