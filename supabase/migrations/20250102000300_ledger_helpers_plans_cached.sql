-- App: the ledger's small read helpers keep their query plans. They were SQL functions, and
-- PostgreSQL 15 plans a SQL function that is not inlined (a SECURITY DEFINER one never is) again on
-- every call: ledger.parts cost about as much to plan as to run, and a release calls it twice (its
-- receipts) besides held_cents twice. As PL/pgSQL functions their statements are prepared once per
-- connection. Same signatures, same answers (a composite that finds no row is all nulls, as
-- before). Forward-only; safe to re-run.

create or replace function ledger.parts(p_transaction_id bigint) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select coalesce(jsonb_object_agg(x.kind, x.delta), '{}'::jsonb)
    from (
      select a.kind, sum(case when a.normal = 'credit' then -e.amount_cents else e.amount_cents end) as delta
      from ledger.entries e join ledger.accounts a on a.id = e.account_id
      where e.transaction_id = p_transaction_id
      group by a.kind
    ) x);
end
$$;
comment on function ledger.parts(bigint) is 'How each kind of account moved in a transaction, in its normal direction ({"held": -60000, "payable": 57000, "fee_revenue": 3000} for a release).';
revoke all on function ledger.parts(bigint) from public;

create or replace function private.held_cents(p_application_id uuid) returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select a.credits_posted - a.debits_posted from ledger.accounts a where a.key = 'held:' || p_application_id), 0);
end
$$;
comment on function private.held_cents(uuid) is 'Money held for a deal now (posted), in cents.';
revoke all on function private.held_cents(uuid) from public;

create or replace function private.balance_of(p_key text) returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select case when a.normal = 'credit' then a.credits_posted - a.debits_posted else a.debits_posted - a.credits_posted end
                   from ledger.accounts a where a.key = p_key), 0);
end
$$;
comment on function private.balance_of(text) is 'The posted balance of the account with this key, in its normal direction (0 when it does not exist).';
revoke all on function private.balance_of(text) from public;

create or replace function private.open_funding_hold(p_application_id uuid) returns ledger.transactions
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_hold ledger.transactions;
begin
  select t.* into v_hold from ledger.transactions t
  where t.application_id = p_application_id and t.kind = 'funding' and t.phase = 'pending'
    and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)
  order by t.id desc limit 1;
  return v_hold;
end
$$;
comment on function private.open_funding_hold(uuid) is 'The open funding hold of a deal (pending, not yet posted or voided), or a row of nulls.';
revoke all on function private.open_funding_hold(uuid) from public;

create or replace function private.payout_due_cents(p_application_id uuid) returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select coalesce(sum((ledger.parts(t.id) ->> 'payable')::bigint), 0)
    from ledger.transactions t
    where t.application_id = p_application_id and t.kind in ('release', 'split', 'netting')
      and not exists (select 1 from ledger.transactions p where p.application_id = p_application_id and p.kind = 'payout'));
end
$$;
comment on function private.payout_due_cents(uuid) is 'What the payout of a released deal is: its worker part less what was netted against a debt.';
revoke all on function private.payout_due_cents(uuid) from public;
