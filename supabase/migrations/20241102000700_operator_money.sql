-- App: what a Need40 operator does with money (the manual provider's side of the port, and the
-- decisions only an operator takes). Every function asks private.require_operator() (the role as
-- it is now in auth.users), acts through the same port or process as everything else, and leaves
-- an audit row (public.audit_logs, the operator's id) besides the evidence on each ledger row.
-- Forward-only; safe to re-run.

create or replace function private.audit_operator(p_operator uuid, p_action text, p_details jsonb) returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_logs (operation, table_name, details, user_id)
  values ('UPDATE', 'ledger', jsonb_build_object('operator_action', p_action) || p_details, p_operator)
$$;
revoke all on function private.audit_operator(uuid, text, jsonb) from public;

create or replace function private.require_text(p_value text, p_what text, p_max integer) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_value is null or btrim(p_value) = '' then
    raise exception 'Give the %', p_what using errcode = '22023';
  end if;
  if char_length(btrim(p_value)) > p_max then
    raise exception 'The % must be at most % characters', p_what, p_max using errcode = '22023';
  end if;
  return btrim(p_value);
end
$$;
revoke all on function private.require_text(text, text, integer) from public;

-- No operator decides on money of their own: a deal they are a party of, a payment they made.
create or replace function private.operator_not_party(p_operator uuid, p_application_id uuid, p_payment_id uuid default null) returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.applications a where a.id = p_application_id and p_operator in (a.worker_id, a.poster_id))
     or exists (select 1 from public.payments p where p.id = p_payment_id and p.user_id = p_operator) then
    raise exception 'An operator cannot decide on their own money: another operator must' using errcode = '42501';
  end if;
end
$$;
revoke all on function private.operator_not_party(uuid, uuid, uuid) from public;

-- An operator's port event: refused (nothing recorded) unless it applied, or was applied before.
create or replace function private.operator_event(p_operator uuid, p_event_id text, p_type text, p_application_id uuid,
  p_reference text, p_origin bigint, p_payload jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_outcome text;
  v_detail text;
begin
  perform private.operator_not_party(p_operator, p_application_id);
  v_outcome := private.apply_provider_event('manual', p_event_id, p_type, p_application_id, null, p_reference, p_origin, p_operator, p_payload);
  if v_outcome in ('applied', 'duplicate') then
    perform private.audit_operator(p_operator, p_type, jsonb_build_object('event_id', p_event_id, 'application_id', p_application_id,
      'origin_transaction_id', p_origin, 'reference', p_reference) || p_payload);
    return;
  end if;
  select e.detail into v_detail from ledger.provider_events e where e.provider = 'manual' and e.event_id = p_event_id;
  if v_detail in ('no such deal', 'no refund is due for that transaction') then
    raise exception 'Not found: %', v_detail using errcode = 'PT404';
  end if;
  raise exception 'Nothing was recorded: %', coalesce(v_detail, v_outcome) using errcode = 'PT409';
end
$$;
revoke all on function private.operator_event(uuid, text, text, uuid, text, bigint, jsonb) from public;

create or replace function public.operator_confirm_funds(p_application_id uuid, p_reference text) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('confirm that funds arrived');
begin
  perform private.operator_event(v_op, 'manual:funds:' || p_application_id, 'funds.received', p_application_id,
    private.require_text(p_reference, 'payment reference', 500), null, '{}'::jsonb);
  return (select a from public.applications a where a.id = p_application_id);
end
$$;
comment on function public.operator_confirm_funds(uuid, text) is
  'Manual provider: an operator confirms that the poster''s money for a deal arrived (p_reference: the PayPal transaction id). The deal becomes funded.';

create or replace function public.operator_void_funds(p_application_id uuid, p_note text) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('record that funds did not arrive');
  v_hold ledger.transactions := private.open_funding_hold(p_application_id);
begin
  if v_hold.id is null then
    raise exception 'No payment is awaited for this deal' using errcode = 'PT409';
  end if;
  perform private.operator_event(v_op, 'manual:funds-failed:' || v_hold.id, 'funds.failed', p_application_id,
    private.require_text(p_note, 'note', 2000), null, '{}'::jsonb);
  return (select a from public.applications a where a.id = p_application_id);
end
$$;
comment on function public.operator_void_funds(uuid, text) is 'Manual provider: the announced payment for a deal never arrived; the hold is voided and the poster may pay again.';

create or replace function public.operator_record_payout(p_application_id uuid, p_method text, p_reference text) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('record a payout');
begin
  perform private.operator_event(v_op, 'manual:payout:' || p_application_id, 'transfer.sent', p_application_id,
    private.require_text(p_reference, 'payout reference', 500), null, jsonb_build_object('method', private.require_text(p_method, 'payout method', 100)));
  return (select a from public.applications a where a.id = p_application_id);
end
$$;
comment on function public.operator_record_payout(uuid, text, text) is
  'Manual provider: an operator records the payout of a released deal to the worker (method, e.g. paypal, and its reference). The deal is paid out.';

create or replace function public.operator_record_refund(p_transaction_id bigint, p_method text, p_reference text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('record a refund');
begin
  if exists (select 1 from ledger.transactions t where t.id = p_transaction_id and t.payer_id = v_op) then
    raise exception 'An operator cannot decide on their own money: another operator must' using errcode = '42501';
  end if;
  perform private.operator_event(v_op, 'manual:refund:' || p_transaction_id, 'refund.sent', null,
    private.require_text(p_reference, 'refund reference', 500), p_transaction_id, jsonb_build_object('method', private.require_text(p_method, 'refund method', 100)));
end
$$;
comment on function public.operator_record_refund(bigint, text, text) is
  'Manual provider: an operator records that a refund due (the ledger transaction that made it due) was sent back to the payer.';

create or replace function public.operator_resolve_dispute(p_application_id uuid, p_outcome text, p_note text,
  p_worker_cents bigint default null, p_poster_cents bigint default null) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('resolve a dispute');
  v_note text := private.require_text(p_note, 'note', 2000);
  v_app public.applications;
  v_held bigint;
  v_txn ledger.transactions;
begin
  if p_outcome is null or p_outcome not in ('release', 'refund', 'split') then
    raise exception 'Resolve with release, refund or split' using errcode = '22023';
  end if;
  perform private.operator_not_party(v_op, p_application_id);
  v_app := private.fire_application_transition(p_application_id, 'resolve_' || p_outcome, v_op);
  v_held := private.held_cents(v_app.id);
  if p_outcome = 'split' and (p_worker_cents is null or p_poster_cents is null or p_worker_cents <= 0 or p_poster_cents <= 0
                              or p_worker_cents + p_poster_cents <> v_held) then
    raise exception 'A split gives both parties a part, and the parts add up to the % cents held', v_held using errcode = '22023';
  end if;
  if p_outcome = 'refund' then
    v_txn := private.refund_held(v_app, v_op, null, v_note);
    update public.applications set ended_at = now(), release_due_at = null where id = v_app.id returning * into v_app;
    perform private.send_receipt(v_txn, v_app.poster_id, 'refund_due');
  else
    v_txn := private.release_deal(v_app, case when p_outcome = 'split' then p_worker_cents else v_held end, v_op, null, v_note);
    v_app := private.after_released(v_app, v_txn, case when p_outcome = 'split' then 'split' else 'released' end);
  end if;
  perform private.deal_note(v_app, v_op, 'resolution', v_note);
  perform private.notify_deal(v_app, v_app.poster_id, 'resolved', jsonb_build_object('outcome', p_outcome, 'transaction_id', v_txn.id));
  perform private.notify_deal(v_app, v_app.worker_id, 'resolved', jsonb_build_object('outcome', p_outcome, 'transaction_id', v_txn.id));
  perform private.audit_operator(v_op, 'resolve_dispute', jsonb_build_object('application_id', v_app.id, 'outcome', p_outcome,
    'worker_cents', p_worker_cents, 'poster_cents', p_poster_cents, 'transaction_id', v_txn.id));
  return v_app;
end
$$;
comment on function public.operator_resolve_dispute(uuid, text, text, bigint, bigint) is
  'An operator resolves a disputed deal: release (all to the worker''s side), refund (all back to the poster), or split (p_worker_cents released — the fee taken from that part — and p_poster_cents refunded; they add up to what is held).';

create or replace function public.operator_refund_deal(p_application_id uuid, p_note text) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('refund a deal');
  v_note text := private.require_text(p_note, 'note', 2000);
  v_app public.applications := private.lock_deal(p_application_id);
  v_before text := v_app.status;
  v_txn ledger.transactions;
begin
  perform private.operator_not_party(v_op, p_application_id);
  v_app := private.fire_application_transition(p_application_id, 'operator_refund', v_op);
  v_txn := case when v_before in ('funded', 'delivered') then private.refund_held(v_app, v_op, null, v_note) else private.refund_released(v_app, v_op, v_note) end;
  update public.applications set ended_at = now(), release_due_at = null where id = v_app.id returning * into v_app;
  perform private.deal_note(v_app, v_op, 'resolution', v_note);
  perform private.send_receipt(v_txn, v_app.poster_id, 'refund_due');
  perform private.notify_deal(v_app, v_app.worker_id, 'refunded');
  perform private.audit_operator(v_op, 'refund_deal', jsonb_build_object('application_id', v_app.id, 'from', v_before, 'transaction_id', v_txn.id));
  return v_app;
end
$$;
comment on function public.operator_refund_deal(uuid, text) is
  'An operator refunds a deal (funded, delivered, or even after release or payout: what the worker was already paid becomes a debt netted against their next earnings).';

-- The spec's payments (Pay $600, Give40, the $600 gig path): the money arrived, or it did not.
create or replace function public.operator_confirm_payment(p_payment_id uuid, p_reference text) returns public.payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('confirm a payment');
  v_ref text := private.require_text(p_reference, 'payment reference', 500);
  v_payment public.payments;
  v_hold ledger.transactions;
  v_meta ledger.transactions;
  v_txn ledger.transactions;
begin
  select p.* into v_payment from public.payments p where p.id = p_payment_id for update;
  select t.* into v_hold from ledger.transactions t where t.idempotency_key = 'payment:' || p_payment_id;
  if v_payment.id is null or v_hold.id is null then
    raise exception 'No such payment awaits confirmation' using errcode = 'PT404';
  end if;
  perform private.operator_not_party(v_op, null, p_payment_id);
  -- The gig first, as every deal step locks it before the ledger (its prepaid funds may fund a deal).
  perform 1 from public.gigs g where g.id = v_hold.gig_id for update;
  -- Confirmed already: nothing to do (no second receipt); voided: refused.
  select r.* into v_txn from ledger.transactions r where r.pending_id = v_hold.id;
  if v_txn.phase = 'post_pending' then
    return v_payment;
  elsif v_txn.phase = 'void_pending' then
    raise exception 'The pending transaction was already voided' using errcode = 'PT409';
  end if;
  v_meta.provider_ref := v_ref;
  v_meta.operator_id := v_op;
  v_txn := ledger.resolve_pending(v_hold.id, 'post', 'payment:' || p_payment_id || ':posted', v_meta);
  update public.payments set status = 'completed', source = 'confirmed_transfer' where id = p_payment_id returning * into v_payment;
  perform private.send_receipt(v_txn, v_payment.user_id, case v_hold.kind when 'donation' then 'donation' when 'gig_prepayment' then 'gig_prepaid' else 'credit' end);
  if v_hold.kind = 'gig_prepayment' then
    perform private.settle_prepaid(v_hold.gig_id);
  end if;
  perform private.audit_operator(v_op, 'confirm_payment', jsonb_build_object('payment_id', p_payment_id, 'reference', v_ref, 'transaction_id', v_txn.id));
  return v_payment;
end
$$;
comment on function public.operator_confirm_payment(uuid, text) is
  'An operator confirms that a recorded payment (Pay $600, Give40, the $600 gig path) arrived: the hold is posted (credit, donations, or the gig''s prepaid funds), the payments row is completed with source confirmed_transfer.';

create or replace function public.operator_void_payment(p_payment_id uuid, p_note text) returns public.payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_operator('record that a payment did not arrive');
  v_note text := private.require_text(p_note, 'note', 2000);
  v_hold ledger.transactions;
  v_meta ledger.transactions;
begin
  perform 1 from public.payments p where p.id = p_payment_id for update;
  select t.* into v_hold from ledger.transactions t where t.idempotency_key = 'payment:' || p_payment_id;
  if v_hold.id is null then
    raise exception 'No such payment awaits confirmation' using errcode = 'PT404';
  end if;
  perform private.operator_not_party(v_op, null, p_payment_id);
  v_meta.operator_id := v_op;
  v_meta.note := v_note;
  perform ledger.resolve_pending(v_hold.id, 'void', 'payment:' || p_payment_id || ':voided', v_meta);
  perform private.audit_operator(v_op, 'void_payment', jsonb_build_object('payment_id', p_payment_id, 'note', v_note));
  return (select p from public.payments p where p.id = p_payment_id);
end
$$;
comment on function public.operator_void_payment(uuid, text) is 'An operator records that a recorded payment never arrived: its hold is voided (the payments row keeps what the spec recorded).';

do $$
declare
  f text;
begin
  foreach f in array array['operator_confirm_funds(uuid, text)', 'operator_void_funds(uuid, text)', 'operator_record_payout(uuid, text, text)',
    'operator_record_refund(bigint, text, text)', 'operator_resolve_dispute(uuid, text, text, bigint, bigint)', 'operator_refund_deal(uuid, text)',
    'operator_confirm_payment(uuid, text)', 'operator_void_payment(uuid, text)'] loop
    execute format('revoke all on function public.%s from public', f);
    execute format('grant execute on function public.%s to anon, authenticated, service_role', f);
  end loop;
end
$$;
