-- App: the money steps of a deal, as ledger transactions, and the emails they send. Every function
-- here runs inside a deal function that has already locked the application (through
-- private.fire_application_transition: gig, then application), so the steps of one deal never
-- interleave. Idempotency keys name the step and the deal: fund:<application>,
-- release:<application>, net:<application>, refund:<application>, payout:<application>,
-- refund-sent:<transaction>, fund-hold:<application>:<n>. Amounts in cents; the split of a
-- released amount is ledger.platform_fee_cents(). Forward-only; safe to re-run.

alter table private.notification_outbox drop constraint if exists notification_outbox_kind_check;
alter table private.notification_outbox add constraint notification_outbox_kind_check
  check (kind in ('new_application', 'application_accepted', 'application_declined', 'new_message', 'deal_update', 'payment_receipt'));

-- How each kind of account moved in a transaction, in its normal direction
-- ({"held": -60000, "payable": 57000, "fee_revenue": 3000} for a release).
create or replace function ledger.parts(p_transaction_id bigint) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(x.kind, x.delta), '{}'::jsonb)
  from (
    select a.kind, sum(case when a.normal = 'credit' then -e.amount_cents else e.amount_cents end) as delta
    from ledger.entries e join ledger.accounts a on a.id = e.account_id
    where e.transaction_id = p_transaction_id
    group by a.kind
  ) x
$$;
revoke all on function ledger.parts(bigint) from public;

-- An email about a step of the deal to one party (deal_update), unless they turned emails off.
create or replace function private.notify_deal(p_app public.applications, p_recipient uuid, p_step text, p_extra jsonb default '{}'::jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_other uuid := case when p_recipient = p_app.worker_id then p_app.poster_id else p_app.worker_id end;
begin
  perform private.enqueue_notification(p_recipient, 'deal_update',
    jsonb_build_object('application_id', p_app.id, 'gig_id', p_app.gig_id, 'step', p_step,
      'gig_title', (select g.title from public.gigs g where g.id = p_app.gig_id),
      'other_name', (select coalesce(nullif(p.full_name, ''), p.username, 'A Need40 member') from public.profiles p where p.id = v_other),
      'amount_cents', p_app.deal_amount_cents, 'worker_cents', p_app.deal_worker_cents, 'fee_cents', p_app.deal_fee_cents,
      'release_due_at', p_app.release_due_at) || p_extra);
end
$$;
revoke all on function private.notify_deal(public.applications, uuid, text, jsonb) from public;

-- The receipt of a posted money step, emailed to a member (the page is #receipt/<id>).
create or replace function private.send_receipt(p_txn ledger.transactions, p_recipient uuid, p_step text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_recipient is null then
    return;
  end if;
  perform private.enqueue_notification(p_recipient, 'payment_receipt',
    jsonb_build_object('transaction_id', p_txn.id, 'step', p_step, 'application_id', p_txn.application_id,
      'gig_id', coalesce(p_txn.gig_id, (select a.gig_id from public.applications a where a.id = p_txn.application_id)),
      'gig_title', (select g.title from public.gigs g where g.id = coalesce(p_txn.gig_id, (select a.gig_id from public.applications a where a.id = p_txn.application_id))),
      'amount_cents', p_txn.amount_cents, 'parts', ledger.parts(p_txn.id), 'provider', p_txn.provider,
      'reference', p_txn.provider_ref, 'method', p_txn.method, 'at', p_txn.created_at));
end
$$;
revoke all on function private.send_receipt(ledger.transactions, uuid, text) from public;

-- Evidence of a deal's transaction: who, which deal, which provider.
create or replace function private.deal_meta(p_app public.applications, p_provider text default null, p_ref text default null,
  p_operator uuid default null, p_actor uuid default null, p_method text default null, p_note text default null)
returns ledger.transactions
language plpgsql
stable
set search_path = ''
as $$
declare
  v_meta ledger.transactions;
begin
  v_meta.application_id := p_app.id;
  v_meta.gig_id := p_app.gig_id;
  v_meta.payer_id := p_app.poster_id;
  v_meta.payee_id := p_app.worker_id;
  v_meta.provider := coalesce(p_provider, 'manual');
  v_meta.provider_ref := p_ref;
  v_meta.operator_id := p_operator;
  v_meta.actor_id := p_actor;
  v_meta.method := p_method;
  v_meta.note := p_note;
  return v_meta;
end
$$;
revoke all on function private.deal_meta(public.applications, text, text, uuid, uuid, text, text) from public;

-- The open funding hold of a deal (pending, not yet posted or voided), if any.
create or replace function private.open_funding_hold(p_application_id uuid) returns ledger.transactions
language sql
stable
security definer
set search_path = ''
as $$
  select t.* from ledger.transactions t
  where t.application_id = p_application_id and t.kind = 'funding' and t.phase = 'pending'
    and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)
  order by t.id desc limit 1
$$;
revoke all on function private.open_funding_hold(uuid) from public;

-- The deal's money is held: the open hold is posted (or, without one, the arrival is posted as it
-- is), then the deal moves to funded. p_source is 'cash' (from the provider), 'credit' (the
-- poster's credit) or 'gig_prepaid' (paid with the gig). Returns the funding transaction.
create or replace function private.fund_deal(p_app public.applications, p_source text, p_provider text, p_ref text, p_operator uuid, p_actor uuid)
returns ledger.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hold ledger.transactions := private.open_funding_hold(p_app.id);
  v_txn ledger.transactions;
  v_from bigint;
  v_meta ledger.transactions := private.deal_meta(p_app, p_provider, p_ref, p_operator, p_actor);
begin
  if p_source = 'cash' and v_hold.id is not null and v_hold.provider = coalesce(p_provider, 'manual') then
    if v_hold.amount_cents <> p_app.deal_amount_cents then
      raise exception 'The funds arrived do not match the deal' using errcode = 'PT409';
    end if;
    v_txn := ledger.resolve_pending(v_hold.id, 'post', 'fund:' || p_app.id, v_meta);
  else
    if v_hold.id is not null then
      perform ledger.resolve_pending(v_hold.id, 'void', 'fund-void:' || v_hold.id, v_meta);
    end if;
    v_from := case p_source
      when 'cash' then ledger.account('cash', p_provider => coalesce(p_provider, 'manual'))
      when 'credit' then ledger.account('credit', p_owner => p_app.poster_id)
      else ledger.account('gig_prepaid', p_gig => p_app.gig_id) end;
    v_txn := ledger.post('fund:' || p_app.id, case p_source when 'cash' then 'funding' else 'funding_from_' || p_source end,
      array[v_from, ledger.account('held', p_application => p_app.id)], array[p_app.deal_amount_cents, -p_app.deal_amount_cents], v_meta);
  end if;
  return v_txn;
end
$$;
revoke all on function private.fund_deal(public.applications, text, text, text, uuid, uuid) from public;

-- Money held for the deal now (posted).
create or replace function private.held_cents(p_application_id uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select a.credits_posted - a.debits_posted from ledger.accounts a where a.key = 'held:' || p_application_id), 0)
$$;
revoke all on function private.held_cents(uuid) from public;

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
begin
  if p_worker_gross < 0 or p_worker_gross > v_held then
    raise exception 'The worker''s part must be between 0 and the % cents held', v_held using errcode = '22023';
  end if;
  -- Every tracked account this step may touch (the netting too), locked at once in id order, so
  -- two steps of one worker's deals can never wait on each other in a circle.
  perform 1 from ledger.accounts a
   where a.id in (ledger.account('held', p_application => p_app.id), ledger.account('payable', p_owner => p_app.worker_id),
                  ledger.account('receivable', p_owner => p_app.worker_id), ledger.account('refund_due', p_owner => p_app.poster_id))
   order by a.id for update;
  v_txn := ledger.post('release:' || p_app.id, case when p_worker_gross = v_held then 'release' else 'split' end,
    array[ledger.account('held', p_application => p_app.id), ledger.account('payable', p_owner => p_app.worker_id),
          ledger.account('fee_revenue'), ledger.account('refund_due', p_owner => p_app.poster_id)],
    array[v_held, -(p_worker_gross - v_fee), -v_fee, -(v_held - p_worker_gross)], v_meta);
  select b.credits_posted - b.debits_posted into v_owed from ledger.accounts b where b.key = 'receivable:' || p_app.worker_id;
  v_owed := coalesce(-v_owed, 0);  -- receivable is a debit account: what the worker owes
  v_net := least(v_owed, p_worker_gross - v_fee);
  if v_net > 0 then
    perform ledger.post('net:' || p_app.id, 'netting',
      array[ledger.account('payable', p_owner => p_app.worker_id), ledger.account('receivable', p_owner => p_app.worker_id)],
      array[v_net, -v_net], v_meta);
  end if;
  return v_txn;
end
$$;
revoke all on function private.release_deal(public.applications, bigint, uuid, uuid, text) from public;

-- What the payout of a released deal is: its worker part less what was netted against a debt.
create or replace function private.payout_due_cents(p_application_id uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum((ledger.parts(t.id) ->> 'payable')::bigint), 0)
  from ledger.transactions t
  where t.application_id = p_application_id and t.kind in ('release', 'split', 'netting')
    and not exists (select 1 from ledger.transactions p where p.application_id = p_application_id and p.kind = 'payout')
$$;
revoke all on function private.payout_due_cents(uuid) from public;

-- Everything held goes back to the poster (refund due until a provider or an operator sends it).
create or replace function private.refund_held(p_app public.applications, p_operator uuid, p_actor uuid, p_note text)
returns ledger.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_held bigint := private.held_cents(p_app.id);
begin
  if v_held = 0 then
    return null;
  end if;
  return ledger.post('refund:' || p_app.id, 'refund',
    array[ledger.account('held', p_application => p_app.id), ledger.account('refund_due', p_owner => p_app.poster_id)],
    array[v_held, -v_held], private.deal_meta(p_app, null, null, p_operator, p_actor, null, p_note));
end
$$;
revoke all on function private.refund_held(public.applications, uuid, uuid, text) from public;

-- An operator refunds a deal whose money was already released: the fee comes back from revenue,
-- the worker's part from what is still owed to them, and what was already paid out becomes a debt
-- (receivable) netted against their next earnings.
create or replace function private.refund_released(p_app public.applications, p_operator uuid, p_note text)
returns ledger.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_release ledger.transactions;
  v_worker bigint;
  v_unpaid bigint;
begin
  select t.* into v_release from ledger.transactions t where t.idempotency_key = 'release:' || p_app.id;
  v_worker := coalesce((ledger.parts(v_release.id) ->> 'payable')::bigint, 0);
  v_unpaid := case when p_app.status = 'released' then private.payout_due_cents(p_app.id) else 0 end;
  return ledger.post('refund:' || p_app.id, 'refund_after_release',
    array[ledger.account('payable', p_owner => p_app.worker_id), ledger.account('receivable', p_owner => p_app.worker_id),
          ledger.account('fee_revenue'), ledger.account('refund_due', p_owner => p_app.poster_id)],
    array[v_unpaid, v_worker - v_unpaid, v_release.fee_cents, -(v_worker + v_release.fee_cents)],
    private.deal_meta(p_app, null, null, p_operator, null, null, p_note));
end
$$;
revoke all on function private.refund_released(public.applications, uuid, text) from public;
