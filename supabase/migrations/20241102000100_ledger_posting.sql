-- App: posting to the books. ledger.post() is the only writer of transactions and entries (with
-- ledger.post_pending / ledger.void_pending for holds): it merges the lines per account, checks
-- they balance, makes the idempotency key unique (a replay with the same key returns the first
-- transaction; the same key for another transaction is refused), locks the tracked accounts in id
-- order (pgledger's rule: concurrent postings never deadlock), refuses an overdraft with a clear
-- PT409 before the check constraint would, and keeps the running balance on each entry.
-- Forward-only; safe to re-run.

-- What each kind of account is: its normal side and whether it keeps totals (see the books).
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
          case when p_kind in ('cash', 'world', 'receivable') then 'debit' else 'credit' end,
          p_kind not in ('cash', 'world', 'fee_revenue', 'donations'))
  on conflict (key) do nothing
  returning id into v_id;
  return coalesce(v_id, (select a.id from ledger.accounts a where a.key = v_key));
end
$$;
comment on function ledger.account(text, uuid, uuid, uuid, text) is
  'The account of a subject, created on first use: (''held'', application => …), (''payable'', owner => …), (''cash'', provider => ''manual''), (''fee_revenue''), …';

-- Moves the tracked accounts' totals for the lines of a transaction and writes its entries.
-- p_mode: 'posted', 'pending' (a hold), 'post' (a hold becomes posted) or 'void' (a hold dropped; no entries).
create or replace function ledger.apply_lines(p_txn bigint, p_accounts bigint[], p_amounts bigint[], p_mode text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_acc ledger.accounts;
  v_balances bigint[] := array[]::bigint[];
  v_amt bigint;
  v_d bigint;
  v_c bigint;
begin
  for i in 1 .. array_length(p_accounts, 1) loop
    v_amt := p_amounts[i];
    v_d := greatest(v_amt, 0);
    v_c := greatest(-v_amt, 0);
    -- Ascending ids (the callers sort them): locks are always taken in the same order.
    select a.* into v_acc from ledger.accounts a where a.id = p_accounts[i] and a.tracked for update;
    if v_acc.id is null then
      v_balances := v_balances || null::bigint;
      continue;
    end if;
    if p_mode = 'posted' then
      v_acc.debits_posted := v_acc.debits_posted + v_d; v_acc.credits_posted := v_acc.credits_posted + v_c;
    elsif p_mode = 'pending' then
      v_acc.debits_pending := v_acc.debits_pending + v_d; v_acc.credits_pending := v_acc.credits_pending + v_c;
    elsif p_mode = 'post' then
      v_acc.debits_pending := v_acc.debits_pending - v_d; v_acc.credits_pending := v_acc.credits_pending - v_c;
      v_acc.debits_posted := v_acc.debits_posted + v_d; v_acc.credits_posted := v_acc.credits_posted + v_c;
    else
      v_acc.debits_pending := v_acc.debits_pending - v_d; v_acc.credits_pending := v_acc.credits_pending - v_c;
    end if;
    if (v_acc.normal = 'credit' and v_acc.debits_posted + v_acc.debits_pending > v_acc.credits_posted)
       or (v_acc.normal = 'debit' and v_acc.credits_posted + v_acc.credits_pending > v_acc.debits_posted) then
      raise exception 'Not enough money: account % (%) would be overdrawn', v_acc.key, v_acc.kind using errcode = 'PT409';
    end if;
    update ledger.accounts
       set debits_posted = v_acc.debits_posted, credits_posted = v_acc.credits_posted,
           debits_pending = v_acc.debits_pending, credits_pending = v_acc.credits_pending
     where id = v_acc.id;
    v_balances := v_balances || case when v_acc.normal = 'credit' then v_acc.credits_posted - v_acc.debits_posted else v_acc.debits_posted - v_acc.credits_posted end;
  end loop;
  if p_mode <> 'void' then
    insert into ledger.entries (transaction_id, account_id, amount_cents, pending, balance_after)
    select p_txn, u.a, u.m, p_mode = 'pending', case when p_mode = 'pending' then null else u.b end
    from unnest(p_accounts, p_amounts, v_balances) as u(a, m, b);
  end if;
end
$$;
comment on function ledger.apply_lines(bigint, bigint[], bigint[], text) is 'Internal to ledger.post*: account totals (locked in id order, never overdrawn) and the entries of one transaction.';

-- Post a transaction: lines as two parallel arrays (account ids, signed cents: + debit, − credit),
-- evidence in p_meta (a ledger.transactions value: application_id, gig_id, payment_id, payer_id,
-- payee_id, provider, provider_ref, method, operator_id, actor_id, note). p_phase 'pending' makes
-- a hold. The same key again returns the first transaction if it is the same kind and amount.
create or replace function ledger.post(p_key text, p_kind text, p_accounts bigint[], p_amounts bigint[], p_meta ledger.transactions, p_phase text default 'posted')
returns ledger.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_txn ledger.transactions;
  v_ids bigint[];
  v_amts bigint[];
  v_amount bigint;
  v_fee bigint;
begin
  if p_phase not in ('posted', 'pending') then
    raise exception 'A transaction is posted or pending, not %', p_phase using errcode = '22023';
  end if;
  if coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0) then
    raise exception 'Each line needs an account and an amount' using errcode = '22023';
  end if;
  select array_agg(x.a order by x.a), array_agg(x.s order by x.a) into v_ids, v_amts
    from (select u.a, sum(u.m)::bigint as s from unnest(p_accounts, p_amounts) as u(a, m) group by u.a having sum(u.m) <> 0) x;
  if coalesce(array_length(v_ids, 1), 0) < 2 then
    raise exception 'A transaction moves money between two accounts or more' using errcode = '22023';
  end if;
  if (select sum(m) from unnest(v_amts) m) <> 0 or exists (select 1 from unnest(v_ids) i where i is null) then
    raise exception 'The lines of transaction % do not balance', p_key using errcode = '22023';
  end if;
  v_amount := (select sum(m) from unnest(v_amts) m where m > 0);
  v_fee := -coalesce((select sum(u.m) from unnest(v_ids, v_amts) as u(a, m) join ledger.accounts ac on ac.id = u.a where ac.kind = 'fee_revenue'), 0);

  insert into ledger.transactions (kind, phase, idempotency_key, amount_cents, fee_cents, application_id, gig_id, payment_id,
    payer_id, payee_id, provider, provider_ref, method, operator_id, actor_id, note)
  values (p_kind, p_phase, p_key, v_amount, v_fee, p_meta.application_id, p_meta.gig_id, p_meta.payment_id,
    p_meta.payer_id, p_meta.payee_id, coalesce(p_meta.provider, 'manual'), p_meta.provider_ref, p_meta.method, p_meta.operator_id, p_meta.actor_id, p_meta.note)
  on conflict (idempotency_key) do nothing
  returning * into v_txn;
  if v_txn.id is null then
    select t.* into v_txn from ledger.transactions t where t.idempotency_key = p_key;
    if v_txn.kind <> p_kind or v_txn.amount_cents <> v_amount or v_txn.phase <> p_phase then
      raise exception 'The idempotency key % was used for another transaction', p_key using errcode = 'PT409';
    end if;
    return v_txn;
  end if;
  perform ledger.apply_lines(v_txn.id, v_ids, v_amts, p_phase);
  return v_txn;
end
$$;
comment on function ledger.post(text, text, bigint[], bigint[], ledger.transactions, text) is
  'The one writer of the books: a balanced, idempotent transaction (posted, or a pending hold) with its evidence.';

-- Resolve a hold: 'post' (the same entries, now posted) or 'void' (dropped). Once per hold; the
-- same key again returns the first resolution.
create or replace function ledger.resolve_pending(p_pending_id bigint, p_how text, p_key text, p_meta ledger.transactions)
returns ledger.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hold ledger.transactions;
  v_txn ledger.transactions;
  v_ids bigint[];
  v_amts bigint[];
begin
  select t.* into v_hold from ledger.transactions t where t.id = p_pending_id and t.phase = 'pending';
  if v_hold.id is null then
    raise exception 'No pending transaction %', p_pending_id using errcode = 'PT404';
  end if;
  select t.* into v_txn from ledger.transactions t where t.pending_id = p_pending_id;
  if v_txn.id is not null then
    if v_txn.idempotency_key = p_key then
      return v_txn;
    end if;
    raise exception 'The pending transaction % was already %', p_pending_id, case v_txn.phase when 'post_pending' then 'posted' else 'voided' end
      using errcode = 'PT409';
  end if;
  select array_agg(e.account_id order by e.account_id), array_agg(e.amount_cents order by e.account_id) into v_ids, v_amts
    from ledger.entries e where e.transaction_id = p_pending_id;
  insert into ledger.transactions (kind, phase, pending_id, idempotency_key, amount_cents, fee_cents, application_id, gig_id, payment_id,
    payer_id, payee_id, provider, provider_ref, method, operator_id, actor_id, note)
  values (v_hold.kind, case p_how when 'post' then 'post_pending' else 'void_pending' end, p_pending_id, p_key,
    v_hold.amount_cents, case p_how when 'post' then v_hold.fee_cents else 0 end, v_hold.application_id, v_hold.gig_id, v_hold.payment_id,
    v_hold.payer_id, v_hold.payee_id, v_hold.provider, coalesce(p_meta.provider_ref, v_hold.provider_ref), p_meta.method, p_meta.operator_id,
    p_meta.actor_id, p_meta.note)
  returning * into v_txn;
  perform ledger.apply_lines(v_txn.id, v_ids, v_amts, p_how);
  return v_txn;
end
$$;
comment on function ledger.resolve_pending(bigint, text, text, ledger.transactions) is
  'Posts (p_how = ''post'') or voids (''void'') a pending hold, once; carries the hold''s entries into the books when posted.';

-- The four totals of an account: kept on tracked accounts, summed from entries on the others
-- (a hold counts as pending until its resolution).
create or replace function ledger.totals(p_account ledger.accounts,
  out debits_posted bigint, out credits_posted bigint, out debits_pending bigint, out credits_pending bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_account.tracked then
    debits_posted := p_account.debits_posted; credits_posted := p_account.credits_posted;
    debits_pending := p_account.debits_pending; credits_pending := p_account.credits_pending;
    return;
  end if;
  select coalesce(sum(greatest(e.amount_cents, 0)) filter (where not e.pending), 0),
         coalesce(sum(greatest(-e.amount_cents, 0)) filter (where not e.pending), 0),
         coalesce(sum(greatest(e.amount_cents, 0)) filter (where e.pending and r.id is null), 0),
         coalesce(sum(greatest(-e.amount_cents, 0)) filter (where e.pending and r.id is null), 0)
    into debits_posted, credits_posted, debits_pending, credits_pending
    from ledger.entries e
    left join ledger.transactions r on r.pending_id = e.transaction_id
   where e.account_id = p_account.id;
end
$$;
revoke all on function ledger.totals(ledger.accounts) from public;

-- Modern Treasury's balances, in the account's normal direction: posted (settled), pending
-- (posted and in flight) and available (posted less what pending holds will take out).
create or replace view ledger.balances as
select a.id, a.kind, a.key, a.owner_id, a.application_id, a.gig_id, a.provider, a.normal, a.tracked,
       case when a.normal = 'credit' then t.credits_posted - t.debits_posted else t.debits_posted - t.credits_posted end as posted_cents,
       case when a.normal = 'credit' then t.credits_posted - t.debits_posted + t.credits_pending - t.debits_pending
            else t.debits_posted - t.credits_posted + t.debits_pending - t.credits_pending end as pending_cents,
       case when a.normal = 'credit' then t.credits_posted - t.debits_posted - t.debits_pending
            else t.debits_posted - t.credits_posted - t.credits_pending end as available_cents
from ledger.accounts a
cross join lateral ledger.totals(a) t;
comment on view ledger.balances is 'Every account''s posted, pending (posted + in flight) and available balance in cents, in its normal direction.';

revoke all on function ledger.account(text, uuid, uuid, uuid, text) from public;
revoke all on function ledger.apply_lines(bigint, bigint[], bigint[], text) from public;
revoke all on function ledger.post(text, text, bigint[], bigint[], ledger.transactions, text) from public;
revoke all on function ledger.resolve_pending(bigint, text, text, ledger.transactions) from public;
revoke all on all tables in schema ledger from public;
