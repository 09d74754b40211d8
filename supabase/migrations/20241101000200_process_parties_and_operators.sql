-- App: the application process learns two more kinds of actor and a second family of refusals.
--   * actor 'party': either party of the application may fire the step (a deal change, a dispute);
--     the event row records which side did.
--   * actor 'operator': a Need40 operator (private.is_operator) fires it, though not a party
--     (confirming funds, recording a payout, resolving a dispute); the event row says 'operator'.
--   * family 'deal': the steps of the deal and its money answer "not found" and "wrong state" with
--     PostgREST's custom-status codes PT404 and PT409 (HTTP 404 and 409); the steps of the
--     application ('application' family) keep N4004 / N4005 (400), which clients already read.
-- private.fire_application_transition() is redefined for that (from 20240401000400; the checks and
-- the lock order — gig, then application — are unchanged). Forward-only; safe to re-run.

alter table private.application_process add column if not exists family text not null default 'application';
alter table private.application_process drop constraint if exists application_process_family_check;
alter table private.application_process add constraint application_process_family_check check (family in ('application', 'deal'));
alter table private.application_process drop constraint if exists application_process_actor_check;
alter table private.application_process add constraint application_process_actor_check
  check (actor in ('worker', 'poster', 'party', 'operator', 'system'));
comment on column private.application_process.family is
  'application: refusals N4004 / N4005 (HTTP 400); deal: PT404 / PT409 (HTTP 404 / 409).';

alter table public.application_events drop constraint if exists application_events_actor_role_check;
alter table public.application_events add constraint application_events_actor_role_check
  check (actor_role in ('worker', 'poster', 'operator', 'system'));

create or replace function private.fire_application_transition(p_application_id uuid, p_transition text, p_actor uuid)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
  v_step private.application_process;
  v_family text;
  v_party boolean;
  v_what text;
begin
  select p.family into v_family from private.application_process p where p.transition = p_transition limit 1;
  if v_family is null then
    raise exception 'Unknown transition %', p_transition using errcode = '22023';
  end if;
  v_what := case v_family when 'deal' then 'deal' else 'application' end;

  select a.* into v_app from public.applications a where a.id = p_application_id;
  if not found then
    raise exception 'Application not found' using errcode = case v_family when 'deal' then 'PT404' else 'N4004' end;
  end if;
  perform 1 from public.gigs g where g.id = v_app.gig_id for update;
  select a.* into v_app from public.applications a where a.id = p_application_id for update;
  select p.* into v_step from private.application_process p where p.transition = p_transition and p.from_status = v_app.status;

  -- Someone who is neither party (nor an operator at an operator's step, nor the system) does not
  -- learn that the application exists.
  v_party := p_actor = v_app.worker_id or p_actor = v_app.poster_id;
  if not coalesce(v_party, false)
     and not (p_actor is null and coalesce(v_step.actor, 'system') = 'system')
     and not (exists (select 1 from private.application_process p where p.transition = p_transition and p.actor = 'operator') and private.is_operator(p_actor)) then
    raise exception 'Application not found' using errcode = case v_family when 'deal' then 'PT404' else 'N4004' end;
  end if;
  if v_step.transition is null then
    raise exception 'This % is % and can no longer be changed that way', v_what, v_app.status
      using errcode = case v_family when 'deal' then 'PT409' else 'N4005' end,
            detail = format('transition %s is not allowed from status %s', p_transition, v_app.status);
  end if;
  if v_step.actor = 'worker' and p_actor is distinct from v_app.worker_id then
    raise exception 'Only the applicant can %', v_step.action using errcode = '42501';
  end if;
  if v_step.actor = 'poster' and p_actor is distinct from v_app.poster_id then
    raise exception 'Only the gig''s poster can %', v_step.action using errcode = '42501';
  end if;
  if v_step.actor = 'party' and not coalesce(v_party, false) then
    raise exception 'Only the worker or the poster can %', v_step.action using errcode = '42501';
  end if;
  if v_step.actor = 'operator' and not private.is_operator(p_actor) then
    raise exception 'Only a Need40 operator can %', v_step.action using errcode = '42501';
  end if;

  update public.applications
     set status = v_step.to_status,
         decline_notice = v_step.notice,
         updated_at = now()
   where id = v_app.id
  returning * into v_app;

  -- The event names the side that acted.
  if v_step.actor = 'party' then
    v_step.actor := case when p_actor = v_app.worker_id then 'worker' else 'poster' end;
  end if;
  perform private.record_application_step(v_app, v_step, p_actor);
  return v_app;
end
$$;
comment on function private.fire_application_transition(uuid, text, uuid) is
  'The one place an application changes status: checks the transition, the state and the actor (worker, poster, either party, an operator, the system) against private.application_process, then writes the event and queues the email.';
revoke all on function private.fire_application_transition(uuid, text, uuid) from public;
