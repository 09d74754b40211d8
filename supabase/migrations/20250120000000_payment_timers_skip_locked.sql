-- The payment timers no longer wait for a deal a member is acting on at the same moment.
--
-- run_payment_timers releases due deals one after another in one transaction: each release locks
-- the deal's row, then its accounts (held funds, the worker's payable and receivable). An approval
-- of another deal by the same worker locks that deal's row, then the same worker's accounts. When
-- the timers reached that deal's row while holding the worker's accounts from an earlier release,
-- each waited for the other: PostgreSQL broke the deadlock by failing one of them (40P01, seen
-- under load as a 500 on approve_work). The candidates are now locked with SKIP LOCKED: a deal
-- whose row is held is simply released by the next run, a minute later, if it is still due.
-- The body is otherwise the one of 20241102000900_payment_timers.sql.

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
    -- before it in this run, closed a cycle with that approval (a deadlock).
    for update of a skip locked
  loop
    begin
      v_app := private.fire_application_transition(v_id, 'auto_release', null);
      if v_app.release_due_at > p_now then
        raise exception 'delivered again meanwhile' using errcode = 'PT409';
      end if;
      perform private.after_released(v_app, private.release_deal(v_app, private.held_cents(v_app.id), null, null, 'released automatically'), 'auto_released');
      v_released := v_released + 1;
    exception when sqlstate 'PT409' then
      -- Answered meanwhile (approved, changes requested, disputed, delivered again): nothing to do.
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
