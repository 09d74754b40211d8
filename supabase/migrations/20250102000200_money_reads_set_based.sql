-- App: a member's money pages read the books set-based. bench:ledger (1M transactions, 2.2M
-- entries, 25,000 members) measured my_money and money_statement above the 20 ms goal: both called
-- SQL functions once per row (ledger.parts for each release in my_money; private.listed,
-- private.money_line and, inside it, ledger.parts and four lookups for each statement line), and
-- PostgreSQL 15 plans a SQL function that is not inlined (SECURITY DEFINER ones never are) again on
-- every call. Now:
--   private.money_lines(ids)  the statement lines of a set of transactions in one query (the
--                             parts by kind of account, the gig, both names), same columns as
--                             private.money_line;
--   money_statement           picks its page with a static query per side (payee_id for earnings,
--                             payer_id for spending: each its own index, newest first), then one
--                             money_lines call;
--   my_money                  sums the releases' entries instead of calling ledger.parts twice per
--                             release; refunded leaves out a refund that failed (refund_failed).
-- Same signatures and answers. Forward-only; safe to re-run.

create or replace function private.money_lines(p_ids bigint[])
returns table (transaction_id bigint, created_at timestamptz, kind text, pending boolean, application_id uuid, gig_id uuid, gig_title text,
  amount_cents bigint, parts jsonb, provider text, reference text, method text, payer_name text, payee_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select t.id, t.created_at, t.kind, t.phase = 'pending', t.application_id, coalesce(t.gig_id, a.gig_id), g.title,
           t.amount_cents, coalesce(pa.parts, '{}'::jsonb), t.provider, t.provider_ref, t.method,
           coalesce(nullif(pp.full_name, ''), pp.username), coalesce(nullif(pe.full_name, ''), pe.username)
    from ledger.transactions t
    left join public.applications a on a.id = t.application_id
    left join public.gigs g on g.id = coalesce(t.gig_id, a.gig_id)
    left join public.profiles pp on pp.id = t.payer_id
    left join public.profiles pe on pe.id = t.payee_id
    left join lateral (
      select jsonb_object_agg(x.kind, x.delta) as parts
      from (select ac.kind, sum(case when ac.normal = 'credit' then -e.amount_cents else e.amount_cents end) as delta
            from ledger.entries e join ledger.accounts ac on ac.id = e.account_id
            where e.transaction_id = t.id group by ac.kind) x
    ) pa on true
    where t.id = any (p_ids);
end
$$;
comment on function private.money_lines(bigint[]) is
  'Statement lines of a set of ledger transactions in one query: what moved by kind of account (as ledger.parts), the gig, the payer''s and payee''s names.';
revoke all on function private.money_lines(bigint[]) from public;

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
  v_ids bigint[];
begin
  if p_side is null or p_side not in ('earnings', 'spending') then
    raise exception 'A statement is of earnings or spending' using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'The limit must be between 1 and 1000 lines' using errcode = '22023';
  end if;
  -- Listed: posted transactions and holds still open (a resolved hold's posting is listed; voids are not).
  if p_side = 'earnings' then
    v_ids := array(
      select t.id from ledger.transactions t
      where t.payee_id = v_uid and (p_before is null or t.id < p_before)
        and t.kind in ('release', 'split', 'netting', 'payout', 'refund_after_release')
        and (t.phase in ('posted', 'post_pending') or (t.phase = 'pending' and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)))
      order by t.id desc limit p_limit);
  else
    v_ids := array(
      select t.id from ledger.transactions t
      where t.payer_id = v_uid and (p_before is null or t.id < p_before)
        and (t.phase in ('posted', 'post_pending') or (t.phase = 'pending' and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)))
      order by t.id desc limit p_limit);
  end if;
  return query select l.* from private.money_lines(v_ids) l order by l.transaction_id desc;
end
$$;
comment on function public.money_statement(text, integer, bigint) is
  'The caller''s statement, newest first: earnings (as a worker: releases, payouts, debts netted or refunded) or spending (as a payer: payments in, funds held, released, refunded). Page with p_before = the last transaction id shown; 1–1000 lines.';
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
    -- What the releases paid out of their money: the worker's part and the fee (credits, so −amount).
    coalesce((select sum(-e.amount_cents) from ledger.transactions t join ledger.entries e on e.transaction_id = t.id
               join ledger.accounts ac on ac.id = e.account_id
               where t.payer_id = v_uid and t.kind in ('release', 'split') and ac.kind in ('payable', 'fee_revenue')), 0)::bigint,
    private.balance_of('refund_due:' || v_uid),
    coalesce((select sum(case t.kind when 'refund_sent' then t.amount_cents else -t.amount_cents end) from ledger.transactions t
               where t.payer_id = v_uid and t.kind in ('refund_sent', 'refund_failed')), 0)::bigint,
    coalesce((select a.credits_posted - a.debits_posted - a.debits_pending from ledger.accounts a where a.key = 'credit:' || v_uid), 0)::bigint,
    coalesce((select a.credits_pending from ledger.accounts a where a.key = 'credit:' || v_uid), 0)::bigint;
end
$$;
comment on function public.my_money() is
  'The caller''s money in cents. Earnings: pending (their part of money held for their deals), available (released, owed to them, on its way), paid out, owed back. Spending: announced (not yet confirmed), held, released, refund due, refunded (less refunds that failed); credit (and credit announced).';

