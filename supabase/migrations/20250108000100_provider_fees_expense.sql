-- App: a payment provider's fees are the platform's expense, in an account of their own, so the
-- operators' revenue can be read net of them. Stripe takes a processing fee out of each charge and
-- a fee out of each dispute (and may give a dispute's fee back); the port's `provider.fee` event
-- now books
--   a fee taken:     provider_fees Dr / cash⟨provider⟩ Cr   (kind provider_fee)
--   a fee given back (payload {"returned": true}): cash⟨provider⟩ Dr / provider_fees Cr   (kind provider_fee_returned)
-- once per provider event (the balance transaction's id), where fees were booked to `world`
-- before. Fees already booked to `world` move to `provider_fees` with one reclassification
-- transaction each (provider_fees Dr / world Cr, key `fee-reclass:<transaction>`).
-- `operator_revenue` adds, per week and month, the provider fees and the revenue net of them.
-- Forward-only; safe to re-run.

alter table ledger.accounts drop constraint if exists accounts_kind_check;
alter table ledger.accounts add constraint accounts_kind_check check (kind in
  ('cash', 'held', 'gig_prepaid', 'payable', 'receivable', 'credit', 'refund_due', 'fee_revenue', 'donations', 'world', 'provider_fees'));

-- The same as before, with provider_fees: an expense (debit normal), platform-wide (no totals).
create or replace function ledger.account(p_kind text, p_owner uuid default null, p_application uuid default null, p_gig uuid default null, p_provider text default null)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text := p_kind || coalesce(':' || coalesce(p_provider, p_application::text, p_gig::text, p_owner::text), '');
  v_id bigint;
begin
  select a.id into v_id from ledger.accounts a where a.key = v_key;
  if v_id is not null then
    return v_id;
  end if;
  insert into ledger.accounts (kind, key, provider, owner_id, application_id, gig_id, normal, tracked)
  values (p_kind, v_key, p_provider, p_owner, p_application, p_gig,
          case when p_kind in ('cash', 'world', 'receivable', 'provider_fees') then 'debit' else 'credit' end,
          p_kind not in ('cash', 'world', 'fee_revenue', 'donations', 'provider_fees'))
  on conflict (key) do nothing
  returning id into v_id;
  return coalesce(v_id, (select a.id from ledger.accounts a where a.key = v_key));
end
$$;
comment on function ledger.account(text, uuid, uuid, uuid, text) is
  'The account of a subject, created on first use: (''held'', application => …), (''payable'', owner => …), (''cash'', provider => ''manual''), (''fee_revenue''), (''provider_fees''), …';
revoke all on function ledger.account(text, uuid, uuid, uuid, text) from public;

create or replace function private.provider_fee_effect(p ledger.provider_events, out outcome text, out detail text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta ledger.transactions;
  v_returned boolean := coalesce(p.payload ->> 'returned', '') = 'true';
  v_fees bigint := ledger.account('provider_fees');
  v_cash bigint := ledger.account('cash', p_provider => p.provider);
begin
  if coalesce(p.amount_cents, 0) <= 0 then
    outcome := 'ignored'; detail := 'a provider fee needs a positive amount'; return;
  end if;
  v_meta.provider := p.provider; v_meta.provider_ref := p.reference; v_meta.operator_id := p.operator_id;
  v_meta.note := left(coalesce(p.payload ->> 'what', 'provider fee') || case when v_returned then ' returned' else '' end, 200);
  if v_returned then
    perform ledger.post(p.provider || ':fee:' || p.event_id, 'provider_fee_returned', array[v_cash, v_fees], array[p.amount_cents, -p.amount_cents], v_meta);
  else
    perform ledger.post(p.provider || ':fee:' || p.event_id, 'provider_fee', array[v_fees, v_cash], array[p.amount_cents, -p.amount_cents], v_meta);
  end if;
  outcome := 'applied';
end
$$;
comment on function private.provider_fee_effect(ledger.provider_events) is
  'provider.fee: a fee the provider took (provider_fees Dr / cash Cr) or, with payload {"returned": true}, gave back (cash Dr / provider_fees Cr).';
revoke all on function private.provider_fee_effect(ledger.provider_events) from public;

create or replace function private.provider_event_outcome(p ledger.provider_events, out outcome text, out detail text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p.type = 'refund.failed' then
    select e.outcome, e.detail into outcome, detail from private.refund_failed_effect(p) e;
  elsif p.type = 'provider.fee' then
    select e.outcome, e.detail into outcome, detail from private.provider_fee_effect(p) e;
  else
    select e.outcome, e.detail into outcome, detail from private.provider_event_effect(p) e;
  end if;
end
$$;
comment on function private.provider_event_outcome(ledger.provider_events) is
  'What one provider event does: refund.failed and provider.fee in their own functions, the others in private.provider_event_effect.';
revoke all on function private.provider_event_outcome(ledger.provider_events) from public;

-- Fees booked to world before this migration: moved to provider_fees, once each.
do $$
declare
  v_fee record;
  v_meta ledger.transactions;
begin
  for v_fee in
    select t.id, t.provider, t.provider_ref, e.amount_cents
    from ledger.transactions t
    join ledger.entries e on e.transaction_id = t.id
    join ledger.accounts a on a.id = e.account_id and a.kind = 'world'
    where t.kind = 'provider_fee' and e.amount_cents > 0
    order by t.id
  loop
    v_meta := null;
    v_meta.provider := v_fee.provider; v_meta.provider_ref := v_fee.provider_ref;
    v_meta.note := 'provider fee of transaction ' || v_fee.id || ' moved from world to provider_fees';
    perform ledger.post('fee-reclass:' || v_fee.id, 'fee_reclassification',
      array[ledger.account('provider_fees'), ledger.account('world')], array[v_fee.amount_cents, -v_fee.amount_cents], v_meta);
  end loop;
end
$$;

-- The operators' revenue: per week and month, releases, payouts, fee revenue, the providers' fees
-- (taken less given back, on the day the provider took them) and the revenue net of them.
drop view if exists public.operator_revenue;
drop function if exists private.operator_revenue_rows();
create function private.operator_revenue_rows()
returns table (id text, period text, period_start date, releases bigint, payouts_cents bigint, fees_cents bigint, provider_fees_cents bigint, net_revenue_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    with provider_days as (
      select (t.created_at at time zone 'UTC')::date as day,
             sum(case when t.kind = 'provider_fee' then t.amount_cents else -t.amount_cents end)::bigint as cents
      from ledger.transactions t
      where t.kind in ('provider_fee', 'provider_fee_returned') and t.phase = 'posted'
      group by 1
    ), days as (
      select coalesce(f.day, d.day) as day, coalesce(f.releases, 0) as releases, coalesce(f.payouts_cents, 0) as payouts_cents,
             coalesce(f.fees_cents, 0) as fees_cents, coalesce(d.cents, 0) as provider_cents
      from ledger.day_figures f
      full join provider_days d on d.day = f.day
    )
    select p.kind || ':' || p.period_start, p.kind, p.period_start, sum(x.releases)::bigint, sum(x.payouts_cents)::bigint, sum(x.fees_cents)::bigint,
           sum(x.provider_cents)::bigint, (sum(x.fees_cents) - sum(x.provider_cents))::bigint
    from days x
    cross join lateral (values ('week', date_trunc('week', x.day)::date), ('month', date_trunc('month', x.day)::date)) as p(kind, period_start)
    group by p.kind, p.period_start order by p.period_start desc, p.kind;
end
$$;
comment on function private.operator_revenue_rows() is 'Rows of public.operator_revenue, for an operator only.';
revoke all on function private.operator_revenue_rows() from public, anon, authenticated, service_role;
grant execute on function private.operator_revenue_rows() to authenticated;
create view public.operator_revenue as select * from private.operator_revenue_rows();
comment on view public.operator_revenue is
  'Operators: per week and per month (UTC), deals released, money paid out to workers, fee revenue, the payment providers'' fees and the revenue net of them, from the ledger.';
revoke all on public.operator_revenue from anon, authenticated, service_role;
grant select on public.operator_revenue to authenticated;
