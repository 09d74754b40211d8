-- App: the marketplace's API — the only way applications and gig statuses change. Each function
-- checks the caller (signed in, MFA rule), validates its input with a clear error (SQLSTATE and a
-- message the UI can show; listed in docs/marketplace.md) and fires the process's transitions.
-- Forward-only; safe to re-run.

create or replace function public.apply_to_gig(
  p_gig_id uuid,
  p_message text,
  p_proposed_rate numeric default null,
  p_available_from date default null
) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('apply');
  v_gig public.gigs;
  v_app public.applications;
  v_message text := btrim(coalesce(p_message, ''));
begin
  if p_gig_id is null then
    raise exception 'Which gig? p_gig_id is required' using errcode = '22023';
  end if;
  if v_message = '' then
    raise exception 'Write a message to the poster' using errcode = '22023';
  end if;
  if char_length(v_message) > 2000 then
    raise exception 'Your message must be at most 2000 characters' using errcode = '22023';
  end if;
  if p_available_from is not null and (p_available_from < current_date - 1 or p_available_from > current_date + 730) then
    raise exception 'The start date must be between today and two years from now' using errcode = '22023';
  end if;
  -- Locked so an accept or a close cannot slip in between the checks and the insert.
  select g.* into v_gig from public.gigs g where g.id = p_gig_id for update;
  if not found then
    raise exception 'This gig does not exist or was removed' using errcode = 'N4001';
  end if;
  if v_gig.user_id = v_uid then
    raise exception 'You cannot apply to your own gig' using errcode = 'N4003';
  end if;
  if v_gig.status <> 'active' then
    raise exception 'This gig is no longer open for applications' using errcode = 'N4002', detail = format('The gig is %s.', v_gig.status);
  end if;
  if p_proposed_rate is not null then
    if v_gig.payment_type <> 'hourly' then
      raise exception 'A proposed rate applies only to hourly gigs' using errcode = '22023';
    end if;
    if p_proposed_rate <= 0 or p_proposed_rate > 1000000 then
      raise exception 'The proposed rate must be greater than 0 and at most 1000000' using errcode = '22023';
    end if;
  end if;
  if not exists (select 1 from public.profiles where id = v_uid) then
    raise exception 'You must be logged in to apply' using errcode = '42501', detail = 'The signed-in user has no profile.';
  end if;

  select a.* into v_app from public.applications a where a.gig_id = p_gig_id and a.worker_id = v_uid for update;
  if found then
    if v_app.status <> 'withdrawn' then
      raise exception 'You have already applied to this gig' using errcode = '23505';
    end if;
    -- A withdrawn application comes back with the new message.
    update public.applications
       set message = v_message, proposed_rate = p_proposed_rate, available_from = p_available_from, updated_at = now()
     where id = v_app.id;
    return private.fire_application_transition(v_app.id, 'reapply', v_uid);
  end if;

  insert into public.applications (gig_id, worker_id, poster_id, message, proposed_rate, available_from, status)
  values (p_gig_id, v_uid, v_gig.user_id, v_message, p_proposed_rate, p_available_from, 'applied')
  returning * into v_app;
  perform private.record_application_step(v_app,
    (select p from private.application_process p where p.transition = 'apply' and p.from_status = 'initial'), v_uid);
  return v_app;
end
$$;
comment on function public.apply_to_gig(uuid, text, numeric, date) is
  'A worker applies to an open gig (message required, ≤ 2000 characters; proposed rate for hourly gigs; start date). One application per worker per gig; a withdrawn one can be sent again.';

create or replace function public.withdraw_application(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('withdraw an application');
begin
  return private.fire_application_transition(p_application_id, 'withdraw', v_uid);
end
$$;
comment on function public.withdraw_application(uuid) is 'The applicant withdraws their pending application.';

create or replace function public.decline_application(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('decline an application');
begin
  return private.fire_application_transition(p_application_id, 'decline', v_uid);
end
$$;
comment on function public.decline_application(uuid) is 'The gig''s poster declines a pending application (it carries a courteous notice; the worker is emailed).';

create or replace function public.accept_application(p_application_id uuid) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('accept an application');
  v_app public.applications;
  v_other uuid;
begin
  v_app := private.fire_application_transition(p_application_id, 'accept', v_uid);
  update public.gigs set status = 'filled' where id = v_app.gig_id;
  for v_other in
    select a.id from public.applications a where a.gig_id = v_app.gig_id and a.status = 'applied' order by a.created_at, a.id
  loop
    perform private.fire_application_transition(v_other, 'decline_others', v_uid);
  end loop;
  return v_app;
end
$$;
comment on function public.accept_application(uuid) is
  'The gig''s poster accepts a pending application: the gig becomes filled, the other pending applications are declined with a courteous notice, the workers are emailed.';

create or replace function public.close_gig(p_gig_id uuid) returns public.gigs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('close a gig');
  v_gig public.gigs;
  v_app uuid;
begin
  select g.* into v_gig from public.gigs g where g.id = p_gig_id for update;
  if not found then
    raise exception 'This gig does not exist or was removed' using errcode = 'N4001';
  end if;
  if v_gig.user_id <> v_uid then
    raise exception 'Only the gig''s poster can close it' using errcode = '42501';
  end if;
  if v_gig.status <> 'active' then
    raise exception 'This gig is already %', v_gig.status using errcode = 'N4002', detail = format('The gig is %s.', v_gig.status);
  end if;
  for v_app in
    select a.id from public.applications a where a.gig_id = p_gig_id and a.status = 'applied' order by a.created_at, a.id
  loop
    perform private.fire_application_transition(v_app, 'close', v_uid);
  end loop;
  update public.gigs set status = 'closed' where id = p_gig_id returning * into v_gig;
  return v_gig;
end
$$;
comment on function public.close_gig(uuid) is 'The poster closes an open gig without choosing anyone: its pending applications are closed with a courteous notice.';

revoke all on function public.apply_to_gig(uuid, text, numeric, date) from public;
revoke all on function public.withdraw_application(uuid) from public;
revoke all on function public.decline_application(uuid) from public;
revoke all on function public.accept_application(uuid) from public;
revoke all on function public.close_gig(uuid) from public;
grant execute on function public.apply_to_gig(uuid, text, numeric, date) to anon, authenticated, service_role;
grant execute on function public.withdraw_application(uuid) to anon, authenticated, service_role;
grant execute on function public.decline_application(uuid) to anon, authenticated, service_role;
grant execute on function public.accept_application(uuid) to anon, authenticated, service_role;
grant execute on function public.close_gig(uuid) to anon, authenticated, service_role;
