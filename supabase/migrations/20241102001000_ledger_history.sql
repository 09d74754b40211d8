-- App: nothing lost on upgrade. A marketplace that already holds accepted deals and recorded or
-- confirmed payments gets the matching ledger history, so every past deal shows correctly:
--   * a deal the worker confirmed as paid ('paid'): its money funded, released (worker / fee as
--     frozen at acceptance) and paid out, dated when the worker confirmed it, evidence 'legacy';
--   * a deal with a payment recorded and not confirmed (pending): a pending funding hold for an
--     operator to confirm or void (the money was sent to Need40's PayPal.me);
--   * the spec's payments rows: pending holds (credit, donations, a gig's prepaid funds) as a new
--     row would get, or posted when the service role had confirmed the transfer.
-- Idempotent: each row's key (legacy-fund:<application>, payment:<id>, …) is written once;
-- re-running finds them and adds nothing. Forward-only; safe to re-run.

do $$
declare
  r record;
  v_meta ledger.transactions;
  v_to bigint;
  v_amount bigint;
begin
  -- Deals paid under the old flow.
  for r in
    select a.*, p.completed_at as paid_at from public.applications a
    join lateral (select ap.completed_at from public.application_payments ap
                  where ap.application_id = a.id and ap.status = 'completed' order by ap.completed_at desc limit 1) p on true
    where a.status = 'paid' and a.deal_amount_cents is not null
  loop
    v_meta := null;
    v_meta.application_id := r.id; v_meta.gig_id := r.gig_id; v_meta.payer_id := r.poster_id; v_meta.payee_id := r.worker_id;
    v_meta.provider := 'manual'; v_meta.provider_ref := 'legacy';
    v_meta.note := 'Recorded before the ledger existed: the worker confirmed receiving this payment.';
    perform ledger.post('fund:' || r.id, 'funding',
      array[ledger.account('cash', p_provider => 'manual'), ledger.account('held', p_application => r.id)],
      array[r.deal_amount_cents, -r.deal_amount_cents], v_meta);
    perform ledger.post('release:' || r.id, 'release',
      array[ledger.account('held', p_application => r.id), ledger.account('payable', p_owner => r.worker_id), ledger.account('fee_revenue')],
      array[r.deal_amount_cents, -r.deal_worker_cents, -r.deal_fee_cents], v_meta);
    perform ledger.post('payout:' || r.id, 'payout',
      array[ledger.account('payable', p_owner => r.worker_id), ledger.account('cash', p_provider => 'manual')],
      array[r.deal_worker_cents, -r.deal_worker_cents], v_meta);
    update public.applications
       set funded_at = coalesce(funded_at, r.paid_at), released_at = coalesce(released_at, r.paid_at), paid_out_at = coalesce(paid_out_at, r.paid_at)
     where id = r.id;
  end loop;

  -- Deals with a payment recorded and not confirmed.
  for r in
    select a.* from public.applications a
    where a.status = 'accepted' and a.deal_amount_cents is not null
      and exists (select 1 from public.application_payments ap where ap.application_id = a.id and ap.status = 'pending')
  loop
    v_meta := null;
    v_meta.application_id := r.id; v_meta.gig_id := r.gig_id; v_meta.payer_id := r.poster_id; v_meta.payee_id := r.worker_id;
    v_meta.provider := 'manual'; v_meta.provider_ref := 'N40-' || upper(left(replace(r.id::text, '-', ''), 8));
    v_meta.note := 'Recorded before the ledger existed: the poster recorded a PayPal payment.';
    perform ledger.post('fund-hold:' || r.id || ':legacy', 'funding',
      array[ledger.account('cash', p_provider => 'manual'), ledger.account('held', p_application => r.id)],
      array[r.deal_amount_cents, -r.deal_amount_cents], v_meta, 'pending');
  end loop;

  -- The spec's payments.
  for r in
    select p.*, g.id as gig_id from public.payments p
    left join public.gigs g on g.payment_id = p.id
    where not exists (select 1 from ledger.transactions t where t.idempotency_key = 'payment:' || p.id)
  loop
    v_meta := null;
    v_meta.payment_id := r.id; v_meta.payer_id := r.user_id; v_meta.gig_id := r.gig_id;
    v_meta.provider := 'manual'; v_meta.provider_ref := private.payment_reference(r.id);
    v_amount := round(r.amount * 100);
    if r.metadata ->> 'kind' = 'gig_posting' and r.gig_id is null then
      continue;  -- its gig is gone: nothing was ever held for it
    end if;
    v_to := case
      when r.metadata ->> 'kind' = 'gig_posting' then ledger.account('gig_prepaid', p_gig => r.gig_id)
      when r.metadata ->> 'kind' = 'give' then ledger.account('donations')
      else ledger.account('credit', p_owner => r.user_id) end;
    perform ledger.post('payment:' || r.id,
      case when r.metadata ->> 'kind' = 'gig_posting' then 'gig_prepayment' when r.metadata ->> 'kind' = 'give' then 'donation' else 'payment_in' end,
      array[ledger.account('cash', p_provider => 'manual'), v_to], array[v_amount, -v_amount], v_meta,
      case when r.source = 'confirmed_transfer' then 'posted' else 'pending' end);
    if r.source = 'confirmed_transfer' and r.gig_id is not null then
      perform private.settle_prepaid(r.gig_id);
    end if;
  end loop;
end
$$;
