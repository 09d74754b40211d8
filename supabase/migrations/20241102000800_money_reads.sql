-- App: reading the books. Members see their own money only through these SECURITY DEFINER
-- functions (the ledger schema is not exposed): their balances (my_money), their statement of
-- earnings or spending (money_statement, newest first, paged by transaction id), a receipt
-- (receipt), the money of one of their deals (deal_money). The campaign's figures
-- (campaign_progress) are public: gigs whose money was released this week, and the running totals
-- paid out to workers and kept as fees — from the ledger, nowhere else. Running totals add a
-- daily rollup (kept by the payment timers) to the transactions since it, so they stay cheap on
-- large books and exact. Forward-only; safe to re-run.

create table if not exists ledger.daily_totals (
  day date primary key,
  releases integer not null default 0,
  payouts_cents bigint not null default 0,
  fees_cents bigint not null default 0
);
comment on table ledger.daily_totals is 'Per day (UTC): deals released, money paid out to workers, fee revenue — rolled up from transactions up to ledger.rollup_state.up_to_id.';
create table if not exists ledger.rollup_state (
  id boolean primary key default true,
  up_to_id bigint not null default 0,
  constraint rollup_state_one_row check (id)
);
insert into ledger.rollup_state (id) values (true) on conflict (id) do nothing;
alter table ledger.daily_totals enable row level security;
alter table ledger.rollup_state enable row level security;
revoke all on table ledger.daily_totals, ledger.rollup_state from public;

-- The per-day figures of transactions after the rollup (posted ones; a hold counts when posted).
create or replace function ledger.totals_since(p_after_id bigint)
returns table (day date, releases bigint, payouts_cents bigint, fees_cents bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select (t.created_at at time zone 'UTC')::date,
         count(*) filter (where t.kind in ('release', 'split')),
         coalesce(sum(t.amount_cents) filter (where t.kind = 'payout'), 0),
         coalesce(sum(t.fee_cents), 0)
  from ledger.transactions t
  where t.id > p_after_id and t.phase in ('posted', 'post_pending')
  group by 1
$$;
revoke all on function ledger.totals_since(bigint) from public;

-- Every day's figures: the rollup plus what came after it.
create or replace view ledger.day_figures as
select d.day, sum(d.releases)::bigint as releases, sum(d.payouts_cents)::bigint as payouts_cents, sum(d.fees_cents)::bigint as fees_cents
from (
  select day, releases::bigint, payouts_cents, fees_cents from ledger.daily_totals
  union all
  select * from ledger.totals_since((select s.up_to_id from ledger.rollup_state s))
) d
group by d.day;

-- Fold transactions older than five minutes (none can still be uncommitted by then) into the rollup.
create or replace function ledger.roll_up(p_limit integer default 100000) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from bigint := (select s.up_to_id from ledger.rollup_state s for update);
  v_to bigint;
begin
  select max(x.id) into v_to from (
    select t.id from ledger.transactions t where t.id > v_from and t.created_at < now() - interval '5 minutes' order by t.id limit p_limit
  ) x;
  if v_to is null then
    return 0;
  end if;
  insert into ledger.daily_totals as d (day, releases, payouts_cents, fees_cents)
  select (t.created_at at time zone 'UTC')::date,
         count(*) filter (where t.kind in ('release', 'split')),
         coalesce(sum(t.amount_cents) filter (where t.kind = 'payout'), 0),
         coalesce(sum(t.fee_cents), 0)
  from ledger.transactions t
  where t.id > v_from and t.id <= v_to and t.phase in ('posted', 'post_pending')
  group by 1
  on conflict (day) do update set releases = d.releases + excluded.releases, payouts_cents = d.payouts_cents + excluded.payouts_cents,
    fees_cents = d.fees_cents + excluded.fees_cents;
  update ledger.rollup_state set up_to_id = v_to;
  return v_to - v_from;
end
$$;
revoke all on function ledger.roll_up(integer) from public;

create or replace function public.campaign_progress()
returns table (week_start date, gigs_released_this_week bigint, weekly_goal integer, paid_to_workers_cents bigint, fees_kept_cents bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select (date_trunc('week', now() at time zone 'UTC'))::date,
         (select count(distinct t.application_id) from ledger.transactions t
           where t.kind in ('release', 'split') and t.created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'),
         10,
         coalesce((select sum(f.payouts_cents) from ledger.day_figures f), 0)::bigint,
         coalesce((select sum(f.fees_cents) from ledger.day_figures f), 0)::bigint
$$;
comment on function public.campaign_progress() is
  'The Need40 campaign from the books: this week''s gigs whose money was released (goal 10), and the running totals paid out to workers and kept as fees, in cents. Public.';

-- ── A member's money ────────────────────────────────────────────────────────────────────────
create or replace function private.balance_of(p_key text) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select case when a.normal = 'credit' then a.credits_posted - a.debits_posted else a.debits_posted - a.credits_posted end
                   from ledger.accounts a where a.key = p_key), 0)
$$;
revoke all on function private.balance_of(text) from public;

create or replace function public.my_money()
returns table (earnings_pending_cents bigint, earnings_available_cents bigint, earnings_paid_out_cents bigint, owed_back_cents bigint,
  spending_announced_cents bigint, spending_held_cents bigint, spending_released_cents bigint, refund_due_cents bigint, refunded_cents bigint,
  credit_cents bigint, credit_announced_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('see your money');
begin
  return query select
    coalesce((select sum(a.deal_worker_cents) from public.applications a where a.worker_id = v_uid and a.status in ('funded', 'delivered', 'disputed')), 0)::bigint,
    private.balance_of('payable:' || v_uid),
    coalesce((select sum(t.amount_cents) from ledger.transactions t where t.payee_id = v_uid and t.kind = 'payout'), 0)::bigint,
    private.balance_of('receivable:' || v_uid),
    coalesce((select sum(t.amount_cents) from ledger.transactions t where t.payer_id = v_uid and t.phase = 'pending'
               and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)), 0)::bigint,
    coalesce((select sum(b.credits_posted - b.debits_posted) from public.applications a join ledger.accounts b on b.key = 'held:' || a.id where a.poster_id = v_uid), 0)::bigint,
    coalesce((select sum((ledger.parts(t.id) ->> 'payable')::bigint + coalesce((ledger.parts(t.id) ->> 'fee_revenue')::bigint, 0))
               from ledger.transactions t where t.payer_id = v_uid and t.kind in ('release', 'split')), 0)::bigint,
    private.balance_of('refund_due:' || v_uid),
    coalesce((select sum(t.amount_cents) from ledger.transactions t where t.payer_id = v_uid and t.kind = 'refund_sent'), 0)::bigint,
    coalesce((select a.credits_posted - a.debits_posted - a.debits_pending from ledger.accounts a where a.key = 'credit:' || v_uid), 0)::bigint,
    coalesce((select a.credits_pending from ledger.accounts a where a.key = 'credit:' || v_uid), 0)::bigint;
end
$$;
comment on function public.my_money() is
  'The caller''s money in cents. Earnings: pending (their part of money held for their deals), available (released, owed to them, on its way), paid out, owed back. Spending: announced (not yet confirmed), held, released, refund due, refunded; credit (and credit announced).';

-- One line per transaction of a member's statement or a deal: what moved, by kind of account.
create or replace function private.money_line(p_txn ledger.transactions)
returns table (transaction_id bigint, created_at timestamptz, kind text, pending boolean, application_id uuid, gig_id uuid, gig_title text,
  amount_cents bigint, parts jsonb, provider text, reference text, method text, payer_name text, payee_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select p_txn.id, p_txn.created_at, p_txn.kind, p_txn.phase = 'pending', p_txn.application_id,
         coalesce(p_txn.gig_id, (select a.gig_id from public.applications a where a.id = p_txn.application_id)),
         (select g.title from public.gigs g where g.id = coalesce(p_txn.gig_id, (select a.gig_id from public.applications a where a.id = p_txn.application_id))),
         p_txn.amount_cents, ledger.parts(p_txn.id), p_txn.provider, p_txn.provider_ref, p_txn.method,
         (select coalesce(nullif(p.full_name, ''), p.username) from public.profiles p where p.id = p_txn.payer_id),
         (select coalesce(nullif(p.full_name, ''), p.username) from public.profiles p where p.id = p_txn.payee_id)
$$;
revoke all on function private.money_line(ledger.transactions) from public;

-- What a member's statements list: posted transactions and holds still open (not the holds that
-- were resolved — their posting is listed — nor voids).
create or replace function private.listed(p_txn ledger.transactions) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_txn.phase in ('posted', 'post_pending')
      or (p_txn.phase = 'pending' and not exists (select 1 from ledger.transactions r where r.pending_id = p_txn.id))
$$;
revoke all on function private.listed(ledger.transactions) from public;

create or replace function public.money_statement(p_side text, p_limit integer default 50, p_before bigint default null)
returns table (transaction_id bigint, created_at timestamptz, kind text, pending boolean, application_id uuid, gig_id uuid, gig_title text,
  amount_cents bigint, parts jsonb, provider text, reference text, method text, payer_name text, payee_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('see your statement');
begin
  if p_side is null or p_side not in ('earnings', 'spending') then
    raise exception 'A statement is of earnings or spending' using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'The limit must be between 1 and 1000 lines' using errcode = '22023';
  end if;
  return query
    select l.* from (
      select t from ledger.transactions t
      where (case when p_side = 'earnings' then t.payee_id else t.payer_id end) = v_uid
        and (p_before is null or t.id < p_before)
        and private.listed(t)
        and (p_side = 'spending' or t.kind in ('release', 'split', 'netting', 'payout', 'refund_after_release'))
      order by t.id desc
      limit p_limit
    ) x cross join lateral private.money_line(x.t) l
    order by l.transaction_id desc;
end
$$;
comment on function public.money_statement(text, integer, bigint) is
  'The caller''s statement, newest first: earnings (as a worker: releases, payouts, debts netted or refunded) or spending (as a payer: payments in, funds held, released, refunded). Page with p_before = the last transaction id shown; 1–1000 lines.';

create or replace function public.receipt(p_transaction_id bigint)
returns table (transaction_id bigint, created_at timestamptz, kind text, pending boolean, application_id uuid, gig_id uuid, gig_title text,
  amount_cents bigint, parts jsonb, provider text, reference text, method text, payer_name text, payee_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('see a receipt');
  v_txn ledger.transactions;
begin
  select t.* into v_txn from ledger.transactions t where t.id = p_transaction_id and v_uid in (t.payer_id, t.payee_id) and private.listed(t);
  if v_txn.id is null then
    raise exception 'Receipt not found' using errcode = 'PT404';
  end if;
  return query select * from private.money_line(v_txn);
end
$$;
comment on function public.receipt(bigint) is 'A receipt of one money step for the member who paid or was paid: amounts by account, provider, reference, date.';

create or replace function public.deal_money(p_application_id uuid)
returns table (transaction_id bigint, created_at timestamptz, kind text, pending boolean, application_id uuid, gig_id uuid, gig_title text,
  amount_cents bigint, parts jsonb, provider text, reference text, method text, payer_name text, payee_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('see the money of a deal');
begin
  if not exists (select 1 from public.applications a where a.id = p_application_id and v_uid in (a.worker_id, a.poster_id)) then
    return;
  end if;
  return query
    select l.* from ledger.transactions t cross join lateral private.money_line(t) l
    where t.application_id = p_application_id and private.listed(t)
    order by t.id;
end
$$;
comment on function public.deal_money(uuid) is 'Every money step of one deal, oldest first, for its two parties (nothing for anyone else).';

do $$
declare
  f text;
begin
  foreach f in array array['campaign_progress()', 'my_money()', 'money_statement(text, integer, bigint)', 'receipt(bigint)', 'deal_money(uuid)'] loop
    execute format('revoke all on function public.%s from public', f);
    execute format('grant execute on function public.%s to anon, authenticated, service_role', f);
  end loop;
end
$$;
