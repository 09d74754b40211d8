-- App: the deal's steps for its two parties (supabase.rpc). Each fires its process transition
-- (who may, from which state: private.application_process, family 'deal' — refusals PT404 /
-- PT409 / 42501), moves the money in the ledger in the same transaction, leaves a note where the
-- step carries one, and emails the other party (and a receipt for every money step).
-- Forward-only; safe to re-run.

-- Locks a deal as the process does (its gig, then it) for steps that are not transitions.
create or replace function private.lock_deal(p_application_id uuid) returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
begin
  select a.* into v_app from public.applications a where a.id = p_application_id;
  if v_app.id is null then
    return null;
  end if;
  perform 1 from public.gigs g where g.id = v_app.gig_id for update;
  select a.* into v_app from public.applications a where a.id = p_application_id for update;
  return v_app;
end
$$;
revoke all on function private.lock_deal(uuid) from public;

create or replace function private.deal_note(p_app public.applications, p_author uuid, p_kind text, p_body text, p_link text default null, p_attachment uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_body is null or btrim(p_body) = '' then
    raise exception 'Write a note' using errcode = '22023';
  end if;
  if char_length(btrim(p_body)) > 2000 then
    raise exception 'A note must be at most 2000 characters' using errcode = '22023';
  end if;
  if p_link is not null and (btrim(p_link) !~ '^https?://[^\s]+$' or char_length(btrim(p_link)) > 2000) then
    raise exception 'A link must start with https:// or http:// and be at most 2000 characters' using errcode = '22023';
  end if;
  insert into public.deal_notes (application_id, author_id, author_role, kind, body, link, attachment_id)
  values (p_app.id, p_author,
          case when p_author = p_app.worker_id then 'worker' when p_author = p_app.poster_id then 'poster' else 'operator' end,
          p_kind, btrim(p_body), nullif(btrim(p_link), ''), p_attachment);
end
$$;
revoke all on function private.deal_note(public.applications, uuid, text, text, text, uuid) from public;

-- After the money is held: the dates, the poster's receipt, the worker's news.
create or replace function private.after_funded(p_app public.applications, p_txn ledger.transactions) returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
begin
  update public.applications set funded_at = now() where id = p_app.id returning * into v_app;
  perform private.send_receipt(p_txn, v_app.poster_id, 'funded');
  perform private.notify_deal(v_app, v_app.worker_id, 'funded');
  return v_app;
end
$$;
revoke all on function private.after_funded(public.applications, ledger.transactions) from public;

-- ── Paying in ────────────────────────────────────────────────────────────────────────────────
-- The poster starts paying: a pending hold (money announced, not yet arrived) through the
-- provider of the moment. With the manual provider the poster then pays through the PayPal.me link
-- quoting the reference, and an operator confirms the arrival. Asking again returns the same hold.
create or replace function public.start_funding(p_application_id uuid)
returns table (application_id uuid, amount_cents bigint, provider text, reference text, transaction_id bigint)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('pay for this deal');
  v_app public.applications := private.fire_application_transition(p_application_id, 'start_funding', v_uid);
  v_hold ledger.transactions;
  v_provider text := (select s.provider from ledger.settings s);
  v_ref text := 'N40-' || upper(left(replace(p_application_id::text, '-', ''), 8));
  v_meta ledger.transactions;
begin
  if v_app.deal_amount_cents is null then
    raise exception 'This deal has no amount yet: agree on the hours first' using errcode = 'PT409';
  end if;
  if private.gig_prepayment_pending(v_app.gig_id) then
    raise exception 'This gig was paid for when it was posted: Need40 is confirming that payment' using errcode = 'PT409';
  end if;
  v_hold := private.open_funding_hold(v_app.id);
  if v_hold.id is null then
    v_meta := private.deal_meta(v_app, v_provider, v_ref, null, v_uid);
    v_hold := ledger.post('fund-hold:' || v_app.id || ':' || (select count(*) + 1 from ledger.transactions t where t.application_id = v_app.id and t.kind = 'funding' and t.phase = 'pending'),
      'funding', array[ledger.account('cash', p_provider => v_provider), ledger.account('held', p_application => v_app.id)],
      array[v_app.deal_amount_cents, -v_app.deal_amount_cents], v_meta, 'pending');
  end if;
  return query select v_app.id, v_hold.amount_cents, v_hold.provider, coalesce(v_hold.provider_ref, v_ref), v_hold.id;
end
$$;
comment on function public.start_funding(uuid) is
  'The poster starts paying for an accepted deal: a pending hold of the amount through the current provider (manual: pay the PayPal.me link quoting the reference; an operator confirms). Returns the amount, provider, reference and hold.';

create or replace function public.fund_with_credit(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('pay with your credit');
  v_app public.applications := private.fire_application_transition(p_application_id, 'fund_from_credit', v_uid);
  v_credit bigint := coalesce((select b.credits_posted - b.debits_posted - b.debits_pending from ledger.accounts b where b.key = 'credit:' || v_uid), 0);
begin
  if v_app.deal_amount_cents is null then
    raise exception 'This deal has no amount yet: agree on the hours first' using errcode = 'PT409';
  end if;
  if v_credit < v_app.deal_amount_cents then
    raise exception 'Your credit (% cents) does not cover this deal (% cents)', v_credit, v_app.deal_amount_cents using errcode = 'PT409';
  end if;
  return private.after_funded(v_app, private.fund_deal(v_app, 'credit', 'manual', null, null, v_uid));
end
$$;
comment on function public.fund_with_credit(uuid) is 'The poster pays an accepted deal from their Need40 credit (a confirmed Pay $600): the money is held at once.';

-- ── Cancelling ───────────────────────────────────────────────────────────────────────────────
create or replace function public.cancel_deal(p_application_id uuid, p_reason text default null) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('cancel this deal');
  v_app public.applications := private.lock_deal(p_application_id);
  v_hold ledger.transactions;
  v_txn ledger.transactions;
begin
  if char_length(p_reason) > 2000 then
    raise exception 'A note must be at most 2000 characters' using errcode = '22023';
  end if;
  if v_app.status = 'funded' and v_app.delivered_at is not null and v_uid in (v_app.worker_id, v_app.poster_id) then
    raise exception 'The work was delivered: open a dispute instead' using errcode = 'PT409';
  end if;
  if v_app.status = 'funded' then
    v_app := private.fire_application_transition(p_application_id, 'refund_undelivered', v_uid);
    v_txn := private.refund_held(v_app, null, v_uid, p_reason);
    perform private.send_receipt(v_txn, v_app.poster_id, 'refund_due');
  else
    v_app := private.fire_application_transition(p_application_id, 'cancel', v_uid);
    v_hold := private.open_funding_hold(v_app.id);
    if v_hold.id is not null then
      perform ledger.resolve_pending(v_hold.id, 'void', 'fund-void:' || v_hold.id, private.deal_meta(v_app, null, null, null, v_uid, null, 'deal cancelled'));
    end if;
    perform private.settle_prepaid(v_app.gig_id);
  end if;
  update public.applications set ended_at = now() where id = v_app.id returning * into v_app;
  if nullif(btrim(p_reason), '') is not null then
    perform private.deal_note(v_app, v_uid, 'cancellation', p_reason);
  end if;
  perform private.notify_deal(v_app, case when v_uid = v_app.worker_id then v_app.poster_id else v_app.worker_id end, v_app.status);
  return v_app;
end
$$;
comment on function public.cancel_deal(uuid, text) is
  'Either party cancels a deal: before funding (a pending payment is dropped), or after funding while nothing was delivered (everything held is due back to the poster).';

-- ── The work ─────────────────────────────────────────────────────────────────────────────────
create or replace function public.deliver_work(p_application_id uuid, p_note text, p_link text default null, p_attachment_id uuid default null)
returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('deliver the work');
  v_app public.applications := private.fire_application_transition(p_application_id, 'deliver', v_uid);
begin
  perform private.deal_note(v_app, v_uid, 'delivery', p_note, p_link, p_attachment_id);
  update public.applications
     set delivered_at = now(), release_due_at = now() + make_interval(days => (select s.auto_release_days from ledger.settings s))
   where id = v_app.id returning * into v_app;
  perform private.notify_deal(v_app, v_app.poster_id, 'delivered');
  return v_app;
end
$$;
comment on function public.deliver_work(uuid, text, text, uuid) is
  'The worker delivers the work of a funded deal (a note, optionally a link; p_attachment_id is kept for a stored file). The money is released automatically after the window unless the poster approves, requests changes or disputes.';

create or replace function public.request_changes(p_application_id uuid, p_note text) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('request changes');
  v_app public.applications := private.fire_application_transition(p_application_id, 'request_changes', v_uid);
begin
  perform private.deal_note(v_app, v_uid, 'changes', p_note);
  update public.applications set release_due_at = null where id = v_app.id returning * into v_app;
  perform private.notify_deal(v_app, v_app.worker_id, 'changes_requested');
  return v_app;
end
$$;
comment on function public.request_changes(uuid, text) is 'The poster asks for changes to the delivered work (a note): the deal is funded again and waits for a new delivery.';

create or replace function private.after_released(p_app public.applications, p_txn ledger.transactions, p_step text) returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
begin
  update public.applications set released_at = now(), release_due_at = null where id = p_app.id returning * into v_app;
  perform private.send_receipt(p_txn, v_app.poster_id, p_step);
  perform private.send_receipt(p_txn, v_app.worker_id, p_step);
  return v_app;
end
$$;
revoke all on function private.after_released(public.applications, ledger.transactions, text) from public;

create or replace function public.approve_work(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('approve the work');
  v_app public.applications := private.fire_application_transition(p_application_id, 'approve', v_uid);
begin
  return private.after_released(v_app, private.release_deal(v_app, private.held_cents(v_app.id), null, v_uid, null), 'released');
end
$$;
comment on function public.approve_work(uuid) is 'The poster approves the delivered work: the money held is released — the worker''s part becomes owed to them (on its way), the fee is Need40''s.';

create or replace function public.open_dispute(p_application_id uuid, p_reason text) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('open a dispute');
  v_app public.applications := private.lock_deal(p_application_id);
begin
  if v_app.status = 'funded' and v_app.delivered_at is null and v_uid in (v_app.worker_id, v_app.poster_id) then
    raise exception 'Nothing was delivered yet: cancel the deal instead' using errcode = 'PT409';
  end if;
  v_app := private.fire_application_transition(p_application_id, 'dispute', v_uid);
  perform private.deal_note(v_app, v_uid, 'dispute', p_reason);
  update public.applications set release_due_at = null where id = v_app.id returning * into v_app;
  perform private.notify_deal(v_app, case when v_uid = v_app.worker_id then v_app.poster_id else v_app.worker_id end, 'disputed');
  return v_app;
end
$$;
comment on function public.open_dispute(uuid, text) is
  'Either party disputes a deal once work was delivered and until the money is released (a reason): the money held is frozen until a Need40 operator decides.';

create or replace function public.confirm_payout(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('confirm the payout arrived');
begin
  return private.fire_application_transition(p_application_id, 'confirm_payout', v_uid);
end
$$;
comment on function public.confirm_payout(uuid) is 'The worker confirms that the payout reached them.';

revoke all on function public.start_funding(uuid) from public;
revoke all on function public.fund_with_credit(uuid) from public;
revoke all on function public.cancel_deal(uuid, text) from public;
revoke all on function public.deliver_work(uuid, text, text, uuid) from public;
revoke all on function public.request_changes(uuid, text) from public;
revoke all on function public.approve_work(uuid) from public;
revoke all on function public.open_dispute(uuid, text) from public;
revoke all on function public.confirm_payout(uuid) from public;
grant execute on function public.start_funding(uuid) to anon, authenticated, service_role;
grant execute on function public.fund_with_credit(uuid) to anon, authenticated, service_role;
grant execute on function public.cancel_deal(uuid, text) to anon, authenticated, service_role;
grant execute on function public.deliver_work(uuid, text, text, uuid) to anon, authenticated, service_role;
grant execute on function public.request_changes(uuid, text) to anon, authenticated, service_role;
grant execute on function public.approve_work(uuid) to anon, authenticated, service_role;
grant execute on function public.open_dispute(uuid, text) to anon, authenticated, service_role;
grant execute on function public.confirm_payout(uuid) to anon, authenticated, service_role;
