-- App: a release locks its four tracked accounts by id. private.release_deal looked their ids up
-- with ledger.account() inside the locking query's WHERE; the function is volatile (it creates an
-- account on first use), so PostgreSQL called it four times for every row of ledger.accounts — a
-- sequential scan of the accounts on every release (33,000 calls a release at 8,000 accounts;
-- bench:ledger measured 5 releases a second). Now the ids are looked up first, then locked with
-- `= any(...)` through the primary key. Same behaviour, same entries. Safe to re-run.

-- Release what is held: p_worker_gross of it to the worker's side (the fee is taken from that
-- part), the rest back to the poster (refund due). A full release: p_worker_gross = held.
-- A worker who owes money back (receivable) repays it from the release (netting).
create or replace function private.release_deal(p_app public.applications, p_worker_gross bigint, p_operator uuid, p_actor uuid, p_note text)
returns ledger.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_held bigint := private.held_cents(p_app.id);
  v_fee bigint := ledger.platform_fee_cents(p_worker_gross);
  v_txn ledger.transactions;
  v_owed bigint;
  v_net bigint;
  v_meta ledger.transactions := private.deal_meta(p_app, null, null, p_operator, p_actor, null, p_note);
  v_held_acc bigint;
  v_payable bigint;
  v_receivable bigint;
  v_refund_due bigint;
begin
  if p_worker_gross < 0 or p_worker_gross > v_held then
    raise exception 'The worker''s part must be between 0 and the % cents held', v_held using errcode = '22023';
  end if;
  -- Every tracked account this step may touch (the netting too), locked at once in id order, so
  -- two steps of one worker's deals can never wait on each other in a circle.
  -- The ids are looked up once, before the lock: ledger.account() is volatile (it may create the
  -- account), so called inside the WHERE it ran for every row of ledger.accounts.
  v_held_acc := ledger.account('held', p_application => p_app.id);
  v_payable := ledger.account('payable', p_owner => p_app.worker_id);
  v_receivable := ledger.account('receivable', p_owner => p_app.worker_id);
  v_refund_due := ledger.account('refund_due', p_owner => p_app.poster_id);
  perform 1 from ledger.accounts a
   where a.id = any (array[v_held_acc, v_payable, v_receivable, v_refund_due])
   order by a.id for update;
  v_txn := ledger.post('release:' || p_app.id, case when p_worker_gross = v_held then 'release' else 'split' end,
    array[v_held_acc, v_payable, ledger.account('fee_revenue'), v_refund_due],
    array[v_held, -(p_worker_gross - v_fee), -v_fee, -(v_held - p_worker_gross)], v_meta);
  select b.credits_posted - b.debits_posted into v_owed from ledger.accounts b where b.key = 'receivable:' || p_app.worker_id;
  v_owed := coalesce(-v_owed, 0);  -- receivable is a debit account: what the worker owes
  v_net := least(v_owed, p_worker_gross - v_fee);
  if v_net > 0 then
    perform ledger.post('net:' || p_app.id, 'netting', array[v_payable, v_receivable],
      array[v_net, -v_net], v_meta);
  end if;
  return v_txn;
end
$$;
revoke all on function private.release_deal(public.applications, bigint, uuid, uuid, text) from public;
comment on function private.release_deal(public.applications, bigint, uuid, uuid, text) is
  'Internal to the deal steps: releases what is held (the worker''s part less the fee to their payable, the rest back as refund due), netting a debt; its four tracked accounts locked by id, in id order.';
