-- App: a refund that fails after it was sent (Stripe's refund.failed: the payer's card was closed,
-- the bank refused it) becomes owed again, and goes to an operator. A provider takes a refund out
-- of its balance when the refund is created and puts it back when it fails, so the books say the
-- same: the port's new event type `refund.failed` (origin transaction, the provider's refund as
-- reference) books, once per origin,
--   refund-failed:<origin>  refund_failed  cash⟨provider⟩ Dr R / refund_due⟨payer⟩ Cr R
-- (after booking the refund as sent first if it had not been: a refund that failed while still
-- pending). That transaction makes the money due again: ledger.refunds_due lists it (kind
-- `refund_failed`), so it shows in the operators' refunds-due queue, and the provider adapters do
-- not retry it (private.provider_work leaves it to the manual provider: an operator sends it some
-- other way and records it with operator_record_refund). (my_money's refunded total leaves out a
-- refund that failed: 20250102000200.) Forward-only; safe to re-run.

alter table ledger.provider_events drop constraint if exists provider_events_type_check;
alter table ledger.provider_events add constraint provider_events_type_check check (type in
  ('funds.received', 'funds.failed', 'transfer.sent', 'refund.sent', 'refund.failed', 'dispute.opened', 'dispute.closed', 'provider.fee'));

create or replace function private.refund_failed_effect(p ledger.provider_events, out outcome text, out detail text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_origin ledger.transactions;
  v_sent ledger.transactions;
  v_amount bigint;
  v_meta ledger.transactions;
begin
  outcome := 'applied';
  select t.* into v_origin from ledger.transactions t where t.id = p.origin_transaction_id;
  v_amount := coalesce((ledger.parts(v_origin.id) ->> 'refund_due')::bigint, 0);
  if v_origin.id is null or v_amount <= 0 then
    outcome := 'ignored'; detail := 'no refund is due for that transaction'; return;
  end if;
  if p.amount_cents is not null and p.amount_cents <> v_amount then
    outcome := 'ignored'; detail := format('the amount (%s) is not the refund due (%s)', p.amount_cents, v_amount); return;
  end if;
  -- One origin's refund and its failure are posted under its payer's refund_due lock (ledger.post
  -- takes it), so two deliveries of the failure cannot both pass the checks below.
  perform 1 from ledger.accounts a where a.id = ledger.account('refund_due', p_owner => v_origin.payer_id) for update;
  if exists (select 1 from ledger.transactions t where t.idempotency_key = 'refund-failed:' || v_origin.id) then
    outcome := 'ignored'; detail := 'that refund already failed'; return;
  end if;
  select t.* into v_sent from ledger.transactions t where t.idempotency_key = 'refund-sent:' || v_origin.id;
  if v_sent.id is not null and (v_sent.provider <> p.provider or v_sent.provider_ref is distinct from p.reference) then
    outcome := 'ignored'; detail := 'the refund sent for that transaction is another one'; return;
  end if;
  v_meta := v_origin;
  v_meta.provider := p.provider; v_meta.provider_ref := p.reference; v_meta.method := coalesce(p.payload ->> 'method', v_sent.method);
  v_meta.operator_id := p.operator_id; v_meta.actor_id := null;
  if v_sent.id is null then
    v_meta.note := 'taken from the provider''s balance, then failed';
    perform ledger.post('refund-sent:' || v_origin.id, 'refund_sent',
      array[ledger.account('refund_due', p_owner => v_origin.payer_id), ledger.account('cash', p_provider => p.provider)], array[v_amount, -v_amount], v_meta);
  end if;
  v_meta.note := left('The refund failed' || coalesce(': ' || (p.payload ->> 'reason'), ''), 2000);
  perform ledger.post('refund-failed:' || v_origin.id, 'refund_failed',
    array[ledger.account('cash', p_provider => p.provider), ledger.account('refund_due', p_owner => v_origin.payer_id)], array[v_amount, -v_amount], v_meta);
end
$$;
comment on function private.refund_failed_effect(ledger.provider_events) is
  'The port''s refund.failed: the refund of an origin transaction came back — its money is due to the payer again (refund_failed), for an operator to send.';
revoke all on function private.refund_failed_effect(ledger.provider_events) from public;

create or replace function private.provider_event_outcome(p ledger.provider_events, out outcome text, out detail text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p.type = 'refund.failed' then
    select e.outcome, e.detail into outcome, detail from private.refund_failed_effect(p) e;
  else
    select e.outcome, e.detail into outcome, detail from private.provider_event_effect(p) e;
  end if;
end
$$;
comment on function private.provider_event_outcome(ledger.provider_events) is 'What one provider event does: refund.failed here, the others in private.provider_event_effect.';
revoke all on function private.provider_event_outcome(ledger.provider_events) from public;

create or replace function private.apply_provider_event(p_provider text, p_event_id text, p_type text, p_application_id uuid default null,
  p_amount_cents bigint default null, p_reference text default null, p_origin_transaction_id bigint default null,
  p_operator uuid default null, p_payload jsonb default '{}'::jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_event ledger.provider_events;
  v_effect record;
  v_waiting ledger.provider_events;
begin
  if p_provider is null or p_provider not in ('manual', 'stripe') then
    raise exception 'Unknown payment provider %', p_provider using errcode = '22023';
  end if;
  if p_event_id is null or char_length(p_event_id) not between 1 and 255 then
    raise exception 'An event needs an id of 1 to 255 characters' using errcode = '22023';
  end if;
  if p_type is null or p_type not in ('funds.received', 'funds.failed', 'transfer.sent', 'refund.sent', 'refund.failed', 'dispute.opened', 'dispute.closed', 'provider.fee') then
    raise exception 'Unknown payment event type %', p_type using errcode = '22023';
  end if;
  if p_payload is null or jsonb_typeof(p_payload) <> 'object' or octet_length(p_payload::text) > 20000 then
    raise exception 'An event''s payload must be a JSON object of at most 20000 bytes' using errcode = '22023';
  end if;
  if char_length(p_reference) > 500 then
    raise exception 'A reference must be at most 500 characters' using errcode = '22023';
  end if;
  insert into ledger.provider_events (provider, event_id, type, application_id, origin_transaction_id, amount_cents, reference, payload, operator_id)
  values (p_provider, p_event_id, p_type, p_application_id, p_origin_transaction_id, p_amount_cents, p_reference, p_payload, p_operator)
  on conflict (provider, event_id) do nothing
  returning * into v_event;
  if v_event.event_id is null then
    select e.* into v_event from ledger.provider_events e where e.provider = p_provider and e.event_id = p_event_id for update;
    if v_event.outcome in ('applied', 'ignored') then
      return 'duplicate';
    end if;
  end if;
  v_effect := private.provider_event_outcome(v_event);
  update ledger.provider_events
     set outcome = v_effect.outcome, detail = v_effect.detail, attempts = attempts + 1,
         applied_at = case when v_effect.outcome = 'applied' then now() end
   where provider = v_event.provider and event_id = v_event.event_id;
  -- What waited for this event (a dispute that came before its funds) is applied now, in order.
  if v_effect.outcome = 'applied' and v_event.application_id is not null then
    for v_waiting in
      select e.* from ledger.provider_events e
      where e.application_id = v_event.application_id and e.outcome = 'deferred'
      order by e.received_at, e.event_id
      for update skip locked
    loop
      v_effect := private.provider_event_outcome(v_waiting);
      update ledger.provider_events
         set outcome = v_effect.outcome, detail = v_effect.detail, attempts = attempts + 1,
             applied_at = case when v_effect.outcome = 'applied' then now() end
       where provider = v_waiting.provider and event_id = v_waiting.event_id;
    end loop;
  end if;
  return (select e.outcome from ledger.provider_events e where e.provider = p_provider and e.event_id = p_event_id);
end
$$;
comment on function private.apply_provider_event(text, text, text, uuid, bigint, text, bigint, uuid, jsonb) is
  'The port''s entry for provider events: applied once per (provider, event id), in any order (deferred until what it needs happened). Returns applied, deferred, ignored or duplicate.';
revoke all on function private.apply_provider_event(text, text, text, uuid, bigint, text, bigint, uuid, jsonb) from public;

create or replace view ledger.refunds_due as
select t.id as transaction_id, t.payer_id as member_id, t.application_id, t.gig_id, t.payment_id, t.created_at, t.kind,
       (ledger.parts(t.id) ->> 'refund_due')::bigint as amount_cents, 'refund-sent:' || t.id as idempotency_key,
       coalesce((select f.provider from ledger.transactions f where f.idempotency_key = 'fund:' || t.application_id), 'manual') as funded_through
from ledger.transactions t
where t.kind in ('refund', 'split', 'refund_after_release', 'prepaid_return', 'refund_failed')
  and coalesce((ledger.parts(t.id) ->> 'refund_due')::bigint, 0) > 0
  and not exists (select 1 from ledger.transactions s where s.idempotency_key = 'refund-sent:' || t.id);
comment on view ledger.refunds_due is 'Money due back to a payer and not yet sent: the transaction that made it due (refund_failed: a refund that came back), the amount, the idempotency key, the provider it was paid through.';

-- A refund that failed at a provider is not tried there again: the manual provider (an operator) sends it.
create or replace function private.provider_work(p_provider text)
returns table (kind text, application_id uuid, transaction_id bigint, member_id uuid, amount_cents bigint, idempotency_key text, paypal_email text, stripe_account_id text)
language sql
stable
security definer
set search_path = ''
as $$
  select 'payout', p.application_id, null::bigint, p.member_id, p.amount_cents, p.idempotency_key, p.paypal_email, p.stripe_account_id
  from ledger.payouts_due p
  where p.amount_cents > 0 and (p_provider = 'stripe') = p.stripe_payouts_enabled
  union all
  select 'refund', r.application_id, r.transaction_id, r.member_id, r.amount_cents, r.idempotency_key, null, null
  from ledger.refunds_due r
  where (p_provider = 'stripe') = (r.funded_through = 'stripe' and r.kind <> 'refund_failed')
$$;
comment on function private.provider_work(text) is 'Payouts and refunds one provider should execute, each with the idempotency key to send with the provider call (a refund that failed goes to the manual provider).';
revoke all on function private.provider_work(text) from public;

