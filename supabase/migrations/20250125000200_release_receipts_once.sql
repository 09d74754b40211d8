-- App: a money step's receipts are built once for both parties. A release sends the same receipt
-- to the poster and to the worker; private.send_receipt built it per recipient — the deal's gig
-- looked up twice, the transaction's parts (ledger.parts, a join over its entries) summed twice,
-- two calls into the outbox — about a tenth of a release's time in the database (the release
-- profile, bench:ledger:profile, and pg_stat_statements: see docs/payments.md). Now:
--   private.enqueue_notifications(recipients, kind, payload) queues one email per recipient who has
--     email notifications on, in one statement; private.enqueue_notification is that for one;
--   private.send_receipts(txn, recipients, step) builds the receipt once; private.send_receipt is
--     that for one; private.after_released sends both parties' in one call.
-- The rule "unless they turned email notifications off" stays in one place (enqueue_notifications),
-- the receipt's contents in one place (send_receipts). Same rows as before, in the same order.
-- Forward-only; safe to re-run.

create or replace function private.enqueue_notifications(p_recipients uuid[], p_kind text, p_payload jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.notification_outbox (recipient_id, kind, payload)
  select r.id, p_kind, p_payload
    from unnest(p_recipients) with ordinality as r(id, n)
   where r.id is not null
     and coalesce((select np.email_enabled from public.notification_preferences np where np.user_id = r.id), true)
   order by r.n;
end
$$;
comment on function private.enqueue_notifications(uuid[], text, jsonb) is
  'Queues one email per recipient (in the order given, nulls skipped) in private.notification_outbox, except to those who turned email notifications off.';
revoke all on function private.enqueue_notifications(uuid[], text, jsonb) from public;

create or replace function private.enqueue_notification(p_recipient uuid, p_kind text, p_payload jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.enqueue_notifications(array[p_recipient], p_kind, p_payload);
end
$$;
comment on function private.enqueue_notification(uuid, text, jsonb) is
  'Queues an email in private.notification_outbox unless the recipient turned email notifications off (private.enqueue_notifications for one).';
revoke all on function private.enqueue_notification(uuid, text, jsonb) from public;

-- The receipt of a posted money step, emailed to members (the page is #receipt/<id>).
create or replace function private.send_receipts(p_txn ledger.transactions, p_recipients uuid[], p_step text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_gig_id uuid := coalesce(p_txn.gig_id, (select a.gig_id from public.applications a where a.id = p_txn.application_id));
begin
  if array_length(array_remove(p_recipients, null), 1) is null then
    return;  -- nobody to tell
  end if;
  perform private.enqueue_notifications(p_recipients, 'payment_receipt',
    jsonb_build_object('transaction_id', p_txn.id, 'step', p_step, 'application_id', p_txn.application_id,
      'gig_id', v_gig_id,
      'gig_title', (select g.title from public.gigs g where g.id = v_gig_id),
      'amount_cents', p_txn.amount_cents, 'parts', ledger.parts(p_txn.id), 'provider', p_txn.provider,
      'reference', p_txn.provider_ref, 'method', p_txn.method, 'at', p_txn.created_at));
end
$$;
comment on function private.send_receipts(ledger.transactions, uuid[], text) is
  'Emails the receipt of a posted money step to each recipient (nulls skipped), built once.';
revoke all on function private.send_receipts(ledger.transactions, uuid[], text) from public;

create or replace function private.send_receipt(p_txn ledger.transactions, p_recipient uuid, p_step text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.send_receipts(p_txn, array[p_recipient], p_step);
end
$$;
comment on function private.send_receipt(ledger.transactions, uuid, text) is
  'Emails the receipt of a posted money step to one member (private.send_receipts for one).';
revoke all on function private.send_receipt(ledger.transactions, uuid, text) from public;

-- p_app is the row the transition to 'released' returned (its dates stamped by the transition).
create or replace function private.after_released(p_app public.applications, p_txn ledger.transactions, p_step text) returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.send_receipts(p_txn, array[p_app.poster_id, p_app.worker_id], p_step);
  return p_app;
end
$$;
comment on function private.after_released(public.applications, ledger.transactions, text) is
  'After a release (its transition stamped the deal''s dates): the receipt, to both parties.';
revoke all on function private.after_released(public.applications, ledger.transactions, text) from public;
