-- App: the payment timers, run like a pg_cron job: the backend's job runner calls
-- private.run_payment_timers(now) every minute (on hosted Supabase: pg_cron,
-- `select private.run_payment_timers(now())`). It
--   * releases the money of deals delivered and left unanswered past their release_due_at
--     (delivery + ledger.settings.auto_release_days, 14 by default) — this also closes the
--     window in which either party can open a dispute;
--   * retries provider events still waiting for another one (older than a minute);
--   * folds settled transactions into the daily rollup of the campaign and revenue figures.
-- Idempotent and lease-based: one runner at a time holds a transaction-scoped advisory lock (a
-- second returns at once); each deal is released through the process under its lock and its
-- ledger key release:<application>, so a deal is released once whatever runs when. p_now is the
-- runner's clock (tests move it). Forward-only; safe to re-run.

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
comment on function private.run_payment_timers(timestamptz) is
  'The payment timers (every minute): auto-release of deals delivered and unanswered past release_due_at, retries of deferred provider events, the daily rollup. One runner at a time; idempotent.';
revoke all on function private.run_payment_timers(timestamptz) from public;
