-- App: a poster who declines can add a personal note (up to 500 characters) to the courteous
-- notice the worker always gets. The note is kept on the application (both parties read it, as
-- they read the notice) and goes into the "Update on your application" email queued by the same
-- transaction. decline_application keeps its one-argument call (the note defaults to none); the
-- old signature is replaced rather than overloaded, so PostgREST never sees two candidates.
-- Forward-only; safe to re-run.

alter table public.applications add column if not exists decline_note text;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'applications_decline_note_length' and conrelid = 'public.applications'::regclass) then
    alter table public.applications add constraint applications_decline_note_length check (char_length(decline_note) <= 500);
  end if;
end
$$;
comment on column public.applications.decline_note is 'The poster''s own words when declining (optional, at most 500 characters), shown to the worker beside decline_notice and in the email.';

drop function if exists public.decline_application(uuid);
create or replace function public.decline_application(p_application_id uuid, p_note text default null)
returns public.applications
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('decline an application');
  v_note text := nullif(btrim(p_note), '');
  v_app public.applications;
begin
  if char_length(v_note) > 500 then
    raise exception 'A note to the applicant can be at most 500 characters' using errcode = '22023';
  end if;
  v_app := private.fire_application_transition(p_application_id, 'decline', v_uid);
  if v_note is not null then
    update public.applications set decline_note = v_note where id = v_app.id returning * into v_app;
    update private.notification_outbox o set payload = o.payload || jsonb_build_object('note', v_note)
     where o.recipient_id = v_app.worker_id and o.kind = 'application_declined' and o.delivered_at is null
       and o.payload ->> 'application_id' = v_app.id::text;
  end if;
  return v_app;
end
$$;
comment on function public.decline_application(uuid, text) is 'The gig''s poster declines a pending application, optionally with a personal note (at most 500 characters); the worker gets the courteous notice, the note and an email.';
revoke all on function public.decline_application(uuid, text) from public;
grant execute on function public.decline_application(uuid, text) to anon, authenticated, service_role;
