-- App: a release writes the deal's row once, not twice. The transition to 'released' (approve,
-- auto_release, resolve_release, resolve_split — every one of them followed by
-- private.after_released) updated the row for its status, then after_released updated it again
-- for released_at and release_due_at: every row trigger of public.applications ran twice and
-- Realtime carried two changes of the row, the first with the status released and no release date.
-- Now the dates are stamped by a BEFORE trigger on the status change itself, in the transition's
-- own UPDATE, and after_released only sends the receipts — the same values, one row version, one
-- change on the page (the release profile, bench:ledger:profile, measured the effect: see
-- docs/payments.md). private.run_payment_timers checked the row the transition returned for a
-- release date moved by a new delivery; that date is now cleared by the transition, and the case
-- cannot arise since its loop locks each due row (FOR UPDATE SKIP LOCKED, 20250120000000) with
-- the due date checked under the lock: the check goes, the body is otherwise that migration's.
-- Forward-only; safe to re-run.

create or replace function private.applications_stamp_release() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'released' and old.status is distinct from 'released' then
    new.released_at := now();
    new.release_due_at := null;
  end if;
  return new;
end
$$;
comment on function private.applications_stamp_release() is 'Trigger: a deal that becomes released gets its release date and loses its automatic-release date, in the same update.';
revoke all on function private.applications_stamp_release() from public;

drop trigger if exists applications_stamp_release on public.applications;
create trigger applications_stamp_release before update of status on public.applications
  for each row execute function private.applications_stamp_release();

-- p_app is the row the transition to 'released' returned: its dates are already stamped.
create or replace function private.after_released(p_app public.applications, p_txn ledger.transactions, p_step text) returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.send_receipt(p_txn, p_app.poster_id, p_step);
  perform private.send_receipt(p_txn, p_app.worker_id, p_step);
  return p_app;
end
$$;
comment on function private.after_released(public.applications, ledger.transactions, text) is
  'After a release (its transition stamped the deal''s dates): the receipts of both parties.';
revoke all on function private.after_released(public.applications, ledger.transactions, text) from public;

create or replace function private.run_payment_timers(p_now timestamptz default now()) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_app public.applications;
  v_released integer := 0;
  v_skipped integer := 0;
  v_retried integer := 0;
  v_event ledger.provider_events;
  v_effect record;
begin
  if p_now is null then
    raise exception 'The timers need the time' using errcode = '22023';
  end if;
  if not pg_try_advisory_xact_lock(hashtext('need40.payment_timers')) then
    return jsonb_build_object('skipped', 'another runner holds the lease');
  end if;

  for v_id in
    select a.id from public.applications a
    where a.status = 'delivered' and a.release_due_at <= p_now
    order by a.release_due_at, a.id
    limit 200
    -- A deal a member is acting on right now (an approval holds its row, then its accounts) is
    -- left to the next run: waiting for it here, while holding the accounts of deals released
    -- before it in this run, closed a cycle with that approval (a deadlock). The lock also keeps
    -- the deal as it was found (delivered, due) until this transaction ends.
    for update of a skip locked
  loop
    begin
      v_app := private.fire_application_transition(v_id, 'auto_release', null);
      perform private.after_released(v_app, private.release_deal(v_app, private.held_cents(v_app.id), null, null, 'released automatically'), 'auto_released');
      v_released := v_released + 1;
    exception when sqlstate 'PT409' then
      -- Refused by the process or the books: left as it is, counted.
      v_skipped := v_skipped + 1;
    end;
  end loop;

  for v_event in
    select e.* from ledger.provider_events e
    where e.outcome = 'deferred' and e.received_at <= p_now - interval '1 minute'
    order by e.received_at, e.event_id
    limit 100
    for update skip locked
  loop
    v_effect := private.provider_event_effect(v_event);
    update ledger.provider_events
       set outcome = v_effect.outcome, detail = v_effect.detail, attempts = attempts + 1,
           applied_at = case when v_effect.outcome = 'applied' then now() end
     where provider = v_event.provider and event_id = v_event.event_id;
    v_retried := v_retried + 1;
  end loop;

  return jsonb_build_object('released', v_released, 'skipped', v_skipped, 'events_retried', v_retried, 'rolled_up', ledger.roll_up());
end
$$;
