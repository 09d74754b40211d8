-- App: applying provider events to the books (the port's "events in"; see 20241102000600).
-- private.provider_event_effect() does what one event means, under the deal's lock;
-- private.apply_provider_event() records the event once and retries the events that were waiting
-- for it. public.apply_payment_event() is the same for a webhook handler holding the service role
-- (hosted Supabase: an Edge Function). Forward-only; safe to re-run.

create or replace function private.provider_event_effect(p ledger.provider_events, out outcome text, out detail text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
  v_txn ledger.transactions;
  v_origin ledger.transactions;
  v_amount bigint;
  v_meta ledger.transactions;
  v_hold ledger.transactions;
begin
  outcome := 'applied';
  if p.type = 'provider.fee' then
    if coalesce(p.amount_cents, 0) <= 0 then
      outcome := 'ignored'; detail := 'a provider fee needs a positive amount'; return;
    end if;
    v_meta.provider := p.provider; v_meta.provider_ref := p.reference; v_meta.operator_id := p.operator_id; v_meta.note := 'provider fee';
    perform ledger.post(p.provider || ':fee:' || p.event_id, 'provider_fee',
      array[ledger.account('world'), ledger.account('cash', p_provider => p.provider)], array[p.amount_cents, -p.amount_cents], v_meta);
    return;
  end if;

  if p.type = 'refund.sent' then
    select t.* into v_origin from ledger.transactions t where t.id = p.origin_transaction_id;
    v_amount := coalesce((ledger.parts(v_origin.id) ->> 'refund_due')::bigint, 0);
    if v_origin.id is null or v_amount <= 0 then
      outcome := 'ignored'; detail := 'no refund is due for that transaction'; return;
    end if;
    if exists (select 1 from ledger.transactions t where t.idempotency_key = 'refund-sent:' || v_origin.id) then
      outcome := 'ignored'; detail := 'that refund was already sent'; return;
    end if;
    if p.amount_cents is not null and p.amount_cents <> v_amount then
      outcome := 'ignored'; detail := format('the amount (%s) is not the refund due (%s)', p.amount_cents, v_amount); return;
    end if;
    v_meta := v_origin;
    v_meta.provider := p.provider; v_meta.provider_ref := p.reference; v_meta.method := p.payload ->> 'method';
    v_meta.operator_id := p.operator_id; v_meta.actor_id := null; v_meta.note := null;
    v_txn := ledger.post('refund-sent:' || v_origin.id, 'refund_sent',
      array[ledger.account('refund_due', p_owner => v_origin.payer_id), ledger.account('cash', p_provider => p.provider)], array[v_amount, -v_amount], v_meta);
    perform private.send_receipt(v_txn, v_origin.payer_id, 'refunded');
    return;
  end if;

  v_app := private.lock_deal(p.application_id);
  if v_app.id is null then
    outcome := 'ignored'; detail := 'no such deal'; return;
  end if;

  if p.type = 'funds.received' then
    if exists (select 1 from ledger.transactions t where t.idempotency_key = 'fund:' || v_app.id) then
      outcome := 'ignored'; detail := 'the deal is already funded'; return;
    end if;
    if p.amount_cents is not null and p.amount_cents <> v_app.deal_amount_cents then
      outcome := 'ignored'; detail := format('the amount (%s) is not the deal''s (%s)', p.amount_cents, v_app.deal_amount_cents); return;
    end if;
    if v_app.status = 'accepted' then
      v_app := private.fire_application_transition(v_app.id, 'fund', null);
      perform private.after_funded(v_app, private.fund_deal(v_app, 'cash', p.provider, p.reference, p.operator_id, null));
    elsif v_app.status = 'cancelled' then
      -- Money for a deal cancelled meanwhile: it is held, then due back to the poster at once.
      perform private.fund_deal(v_app, 'cash', p.provider, p.reference, p.operator_id, null);
      perform private.send_receipt(private.refund_held(v_app, p.operator_id, null, 'The money arrived after the deal was cancelled'), v_app.poster_id, 'refund_due');
      detail := 'the deal was cancelled: the money is due back to the poster';
    else
      outcome := 'ignored'; detail := format('the deal is %s', v_app.status);
    end if;
    return;
  end if;

  if p.type = 'funds.failed' then
    v_hold := private.open_funding_hold(v_app.id);
    if v_hold.id is null or v_hold.provider <> p.provider then
      outcome := 'ignored'; detail := 'no payment of this provider is awaited for the deal'; return;
    end if;
    perform ledger.resolve_pending(v_hold.id, 'void', 'fund-void:' || v_hold.id, private.deal_meta(v_app, p.provider, p.reference, p.operator_id, null, null, 'the payment did not arrive'));
    perform private.notify_deal(v_app, v_app.poster_id, 'funding_failed');
    return;
  end if;

  if p.type = 'transfer.sent' then
    if v_app.status <> 'released' then
      outcome := 'ignored';
      detail := case when exists (select 1 from ledger.transactions t where t.idempotency_key = 'payout:' || v_app.id) then 'already paid out' else format('the deal is %s: nothing to pay out', v_app.status) end;
      return;
    end if;
    v_amount := private.payout_due_cents(v_app.id);
    if p.amount_cents is not null and p.amount_cents <> v_amount then
      outcome := 'ignored'; detail := format('the amount (%s) is not the payout due (%s)', p.amount_cents, v_amount); return;
    end if;
    if v_amount > 0 then
      v_txn := ledger.post('payout:' || v_app.id, 'payout',
        array[ledger.account('payable', p_owner => v_app.worker_id), ledger.account('cash', p_provider => p.provider)], array[v_amount, -v_amount],
        private.deal_meta(v_app, p.provider, p.reference, p.operator_id, null, p.payload ->> 'method'));
    end if;
    v_app := private.fire_application_transition(v_app.id, 'pay_out', null);
    update public.applications set paid_out_at = now() where id = v_app.id;
    if v_txn.id is not null then
      perform private.send_receipt(v_txn, v_app.worker_id, 'paid_out');
    end if;
    return;
  end if;

  if p.type = 'dispute.opened' or (p.type = 'dispute.closed' and p.payload ->> 'outcome' = 'lost') then
    if v_app.status = 'accepted' then
      outcome := 'deferred'; detail := 'waiting for the funds of the deal'; return;
    end if;
    if v_app.status in ('funded', 'delivered') then
      v_app := private.fire_application_transition(v_app.id, 'freeze', null);
      update public.applications set release_due_at = null where id = v_app.id returning * into v_app;
      perform private.deal_note(v_app, null, 'dispute', 'The payment provider reports a dispute of the payment' || coalesce(': ' || left(p.payload ->> 'reason', 200), '.'));
      perform private.notify_deal(v_app, v_app.poster_id, 'frozen');
      perform private.notify_deal(v_app, v_app.worker_id, 'frozen');
    elsif p.type = 'dispute.opened' then
      outcome := 'ignored'; detail := format('the deal is %s: an operator decides', v_app.status); return;
    end if;
    if p.type = 'dispute.closed' then
      if v_app.status <> 'disputed' then
        outcome := 'ignored'; detail := format('the deal is %s: an operator decides', v_app.status); return;
      end if;
      -- Lost: the card network returned the money to the payer out of the provider's balance.
      v_app := private.fire_application_transition(v_app.id, 'chargeback', null);
      update public.applications set ended_at = now() where id = v_app.id;
      v_txn := private.refund_held(v_app, p.operator_id, null, 'chargeback');
      v_txn := ledger.post('refund-sent:' || v_txn.id, 'refund_sent',
        array[ledger.account('refund_due', p_owner => v_app.poster_id), ledger.account('cash', p_provider => p.provider)], array[v_txn.amount_cents, -v_txn.amount_cents],
        private.deal_meta(v_app, p.provider, p.reference, p.operator_id, null, 'chargeback'));
      perform private.send_receipt(v_txn, v_app.poster_id, 'refunded');
      perform private.notify_deal(v_app, v_app.worker_id, 'charged_back');
    end if;
    return;
  end if;

  if p.type = 'dispute.closed' then
    if v_app.status = 'accepted' then
      outcome := 'deferred'; detail := 'waiting for the funds of the deal'; return;
    end if;
    detail := 'the provider''s dispute was closed in Need40''s favour; the deal''s own dispute, if any, stays with an operator';
    return;
  end if;
  outcome := 'ignored'; detail := 'unknown event type';
end
$$;
revoke all on function private.provider_event_effect(ledger.provider_events) from public;

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
  if p_type is null or p_type not in ('funds.received', 'funds.failed', 'transfer.sent', 'refund.sent', 'dispute.opened', 'dispute.closed', 'provider.fee') then
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
  v_effect := private.provider_event_effect(v_event);
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
      v_effect := private.provider_event_effect(v_waiting);
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

create or replace function public.apply_payment_event(p_provider text, p_event_id text, p_type text, p_application_id uuid default null,
  p_amount_cents bigint default null, p_reference text default null, p_origin_transaction_id bigint default null, p_payload jsonb default '{}'::jsonb)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the payment provider''s webhook (the service role) reports payment events' using errcode = '42501';
  end if;
  return private.apply_provider_event(p_provider, p_event_id, p_type, p_application_id, p_amount_cents, p_reference, p_origin_transaction_id, null, p_payload);
end
$$;
comment on function public.apply_payment_event(text, text, text, uuid, bigint, text, bigint, jsonb) is
  'For a provider''s verified webhook with the service role: private.apply_provider_event.';
revoke all on function public.apply_payment_event(text, text, text, uuid, bigint, text, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.apply_payment_event(text, text, text, uuid, bigint, text, bigint, jsonb) to service_role;

create or replace function public.payment_work(p_provider text)
returns table (kind text, application_id uuid, transaction_id bigint, member_id uuid, amount_cents bigint, idempotency_key text, paypal_email text, stripe_account_id text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.role() is distinct from 'service_role' then
    raise exception 'Only the payment provider''s worker (the service role) reads the payment work' using errcode = '42501';
  end if;
  return query select * from private.provider_work(p_provider);
end
$$;
comment on function public.payment_work(text) is 'For a provider adapter with the service role: private.provider_work.';
revoke all on function public.payment_work(text) from public, anon, authenticated;
grant execute on function public.payment_work(text) to service_role;
