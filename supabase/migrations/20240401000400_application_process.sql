-- App: the application process as data (in the manner of Sharetribe's transaction processes):
-- each transition names the state it leaves, the state it reaches, the party allowed to fire it
-- and the email it sends. private.fire_application_transition() is the only code that changes an
-- application's status: it locks the gig and the application, checks the actor and the state,
-- writes the event and queues the email in the same transaction. The payment and review steps of
-- the next part are new rows here. Forward-only; safe to re-run.

create table if not exists private.application_process (
  transition text not null,
  from_status text not null,
  to_status text not null,
  -- worker / poster: only that party may fire it; system: fired by another transition's function.
  actor text not null,
  -- Email to the other party ('new_application' → poster, the others → worker), if any.
  notify text,
  -- The courteous notice the application carries afterwards (declined, closed).
  notice text,
  -- What the actor does, for the refusal "Only the applicant can <action>".
  action text not null,
  primary key (transition, from_status),
  constraint application_process_actor_check check (actor in ('worker', 'poster', 'system'))
);
comment on table private.application_process is
  'The application state machine: transition, from_status (''initial'' before the application exists), to_status, the actor allowed, the email sent, the notice left, the action named in refusals.';
revoke all on table private.application_process from public;
-- Row level security with no policy: no client role may read or write it even if a grant slips
-- in later; its owner (the security-definer functions, the backend's delivery) is not subject to it.
alter table private.application_process enable row level security;

insert into private.application_process (transition, from_status, to_status, actor, notify, notice, action) values
  ('apply', 'initial', 'applied', 'worker', 'new_application', null, 'apply'),
  ('reapply', 'withdrawn', 'applied', 'worker', 'new_application', null, 'apply again'),
  ('withdraw', 'applied', 'withdrawn', 'worker', null, null, 'withdraw this application'),
  ('accept', 'applied', 'accepted', 'poster', 'application_accepted', null, 'accept this application'),
  ('decline', 'applied', 'declined', 'poster', 'application_declined',
    'Thank you for applying. The poster has decided to go ahead with other applicants this time.', 'decline this application'),
  ('decline_others', 'applied', 'declined', 'system', 'application_declined',
    'Thank you for applying. The poster has chosen another applicant, so this gig is now filled.', 'decline the other applications'),
  ('close', 'applied', 'closed', 'system', null,
    'Thank you for applying. The poster has closed this gig without choosing an applicant.', 'close this application')
on conflict (transition, from_status) do update
  set to_status = excluded.to_status, actor = excluded.actor, notify = excluded.notify, notice = excluded.notice, action = excluded.action;

-- Whether the request's session satisfies the MFA rule of the restrictive policies: aal2 for users
-- with a verified factor, aal1 or aal2 otherwise (the functions below bypass row-level security,
-- so they apply the same rule themselves).
create or replace function private.session_aal_ok() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select array[auth.jwt() ->> 'aal'] <@ (
    select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
    from auth.mfa_factors
    where user_id = auth.uid() and status = 'verified'
  )
$$;
comment on function private.session_aal_ok() is 'True when the session may act: aal2 for users with a verified factor, else aal1 or aal2.';
revoke all on function private.session_aal_ok() from public;

-- The signed-in caller, or a clear refusal (401 for a visitor, 403 for an aal1 session that needs aal2).
create or replace function private.require_member(p_action text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'You must be logged in to %', p_action using errcode = '42501';
  end if;
  if not private.session_aal_ok() then
    raise exception 'Verify your second factor to %', p_action using errcode = '42501', hint = 'Sign in with your authenticator code (aal2).';
  end if;
  return v_uid;
end
$$;
comment on function private.require_member(text) is 'auth.uid() of a signed-in caller whose session satisfies the MFA rule, else 42501.';
revoke all on function private.require_member(text) from public;

-- What every step does besides the status itself: the gig's applicant_count (applications that
-- are not withdrawn), the event row, and the email to the other party.
create or replace function private.record_application_step(p_app public.applications, p_step private.application_process, p_actor uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_delta integer;
  v_gig record;
  v_worker_name text;
begin
  v_delta := (p_step.to_status <> 'withdrawn')::integer - (p_step.from_status not in ('withdrawn', 'initial'))::integer;
  if v_delta <> 0 then
    update public.gigs set applicant_count = applicant_count + v_delta where id = p_app.gig_id;
  end if;

  insert into public.application_events (application_id, transition, from_status, to_status, actor_role, actor_id)
  values (p_app.id, p_step.transition, p_step.from_status, p_step.to_status, p_step.actor, p_actor);

  if p_step.notify is not null then
    select g.id, g.title into v_gig from public.gigs g where g.id = p_app.gig_id;
    select coalesce(nullif(p.full_name, ''), p.username, 'A Need40 member') into v_worker_name from public.profiles p where p.id = p_app.worker_id;
    perform private.enqueue_notification(
      case when p_step.notify = 'new_application' then p_app.poster_id else p_app.worker_id end,
      p_step.notify,
      jsonb_build_object('application_id', p_app.id, 'gig_id', v_gig.id, 'gig_title', v_gig.title,
        'worker_name', v_worker_name, 'status', p_app.status, 'notice', p_app.decline_notice));
  end if;
end
$$;
comment on function private.record_application_step(public.applications, private.application_process, uuid) is
  'Side effects of an application step, in the caller''s transaction: applicant_count, the event row, the queued email.';
revoke all on function private.record_application_step(public.applications, private.application_process, uuid) from public;

-- Fire one transition on an existing application. p_actor is the caller (for a system transition:
-- the person whose action caused it). Locks the gig, then the application (one order everywhere).
create or replace function private.fire_application_transition(p_application_id uuid, p_transition text, p_actor uuid)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app public.applications;
  v_step private.application_process;
begin
  select a.* into v_app from public.applications a where a.id = p_application_id;
  if not found then
    raise exception 'Application not found' using errcode = 'N4004';
  end if;
  perform 1 from public.gigs g where g.id = v_app.gig_id for update;
  select a.* into v_app from public.applications a where a.id = p_application_id for update;

  select p.* into v_step from private.application_process p where p.transition = p_transition and p.from_status = v_app.status;
  if not exists (select 1 from private.application_process p where p.transition = p_transition) then
    raise exception 'Unknown transition %', p_transition using errcode = '22023';
  end if;
  -- Someone who is neither party does not learn that the application exists.
  if p_actor is distinct from v_app.worker_id and p_actor is distinct from v_app.poster_id then
    raise exception 'Application not found' using errcode = 'N4004';
  end if;
  if v_step.transition is null then
    raise exception 'This application is % and can no longer be changed that way', v_app.status
      using errcode = 'N4005', detail = format('transition %s is not allowed from status %s', p_transition, v_app.status);
  end if;
  if v_step.actor = 'worker' and p_actor is distinct from v_app.worker_id then
    raise exception 'Only the applicant can %', v_step.action using errcode = '42501';
  end if;
  if v_step.actor = 'poster' and p_actor is distinct from v_app.poster_id then
    raise exception 'Only the gig''s poster can %', v_step.action using errcode = '42501';
  end if;

  update public.applications
     set status = v_step.to_status,
         decline_notice = v_step.notice,
         updated_at = now()
   where id = v_app.id
  returning * into v_app;

  perform private.record_application_step(v_app, v_step, p_actor);
  return v_app;
end
$$;
comment on function private.fire_application_transition(uuid, text, uuid) is
  'The one place an application changes status: checks the transition, the state and the actor against private.application_process, then writes the event and queues the email.';
revoke all on function private.fire_application_transition(uuid, text, uuid) from public;
