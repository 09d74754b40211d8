-- App: a gig can be hidden — by an operator (with a reason its poster is told), by its poster's
-- ban, or by its poster deleting it once it has applications — and restored by an operator.
--   * gigs.hidden_at / hidden_reason / hidden_cause. A hidden gig leaves every public read: the
--     grid, the search and realtime (the SELECT policy keeps it from everyone but its poster, who
--     sees why; a gig the poster removed is gone for them too).
--   * public.gig_takedowns: the ids of hidden gigs, public and published to realtime, so an open
--     grid drops a card the moment its gig is hidden (the gig's own change no longer reaches
--     anyone who may not read it, as on Supabase Realtime). It carries nothing but the id.
--   * A hidden gig takes no application and no new deal.
--   * Deleting a gig that has applications hides it instead (cause 'removed'): its pending
--     applications are closed with the usual courteous notice, and the removal is on the record.
--     The applications, their messages and any money stay. A gig without applications is deleted
--     as before.
-- Forward-only; safe to re-run.

alter table public.gigs add column if not exists hidden_at timestamptz;
alter table public.gigs add column if not exists hidden_reason text;
alter table public.gigs add column if not exists hidden_cause text;
alter table public.gigs drop constraint if exists gigs_hidden_consistent;
alter table public.gigs add constraint gigs_hidden_consistent check (
  (hidden_at is null and hidden_cause is null and hidden_reason is null)
  or (hidden_at is not null and hidden_cause in ('moderation', 'ban', 'removed') and char_length(hidden_reason) between 1 and 1000));
comment on column public.gigs.hidden_at is 'When the gig was hidden (null: listed as usual). Set only by the operator functions, a ban, or a removal.';
comment on column public.gigs.hidden_reason is 'Why, as its poster is told (an operator''s reason, the suspension, or their own removal).';
comment on column public.gigs.hidden_cause is 'moderation (an operator) | ban (the poster''s account is suspended) | removed (the poster deleted it after it had applications).';

-- Everyone reads listed gigs; the poster also reads their own hidden ones (not those they removed).
drop policy if exists gigs_select_all on public.gigs;
drop policy if exists gigs_select_listed on public.gigs;
create policy gigs_select_listed on public.gigs for select to anon, authenticated
  using (hidden_at is null or (hidden_cause <> 'removed' and user_id = (select auth.uid())));

-- The takedown signal.
create table if not exists public.gig_takedowns (
  gig_id uuid primary key references public.gigs (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.gig_takedowns is
  'The ids of hidden gigs (nothing else), readable by everyone and published to realtime: an open grid drops a card when its gig is hidden. Written only with the hide.';
alter table public.gig_takedowns enable row level security;
revoke all on table public.gig_takedowns from public, anon, authenticated;
grant select on table public.gig_takedowns to anon, authenticated;
grant select, insert, update, delete on table public.gig_takedowns to service_role;
drop policy if exists gig_takedowns_select_all on public.gig_takedowns;
create policy gig_takedowns_select_all on public.gig_takedowns for select to anon, authenticated using (true);
do $$
begin
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'gig_takedowns') then
    alter publication supabase_realtime add table public.gig_takedowns;
  end if;
end
$$;

-- Hides or restores one gig (the row already locked by the caller) and keeps the takedown signal
-- in step. Returns the gig as it is now.
create or replace function private.set_gig_hidden(p_gig_id uuid, p_cause text, p_reason text) returns public.gigs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_gig public.gigs;
begin
  if p_cause is null then
    update public.gigs set hidden_at = null, hidden_cause = null, hidden_reason = null where id = p_gig_id returning * into v_gig;
    delete from public.gig_takedowns where gig_id = p_gig_id;
  else
    update public.gigs set hidden_at = now(), hidden_cause = p_cause, hidden_reason = p_reason where id = p_gig_id returning * into v_gig;
    insert into public.gig_takedowns (gig_id) values (p_gig_id) on conflict (gig_id) do nothing;
  end if;
  return v_gig;
end
$$;
comment on function private.set_gig_hidden(uuid, text, text) is 'Hides (cause, reason) or restores (null cause) one gig and keeps public.gig_takedowns in step.';
revoke all on function private.set_gig_hidden(uuid, text, text) from public;

-- What the audit keeps of a gig.
create or replace function private.gig_snapshot(p_gig public.gigs) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('title', p_gig.title, 'status', p_gig.status, 'user_id', p_gig.user_id,
    'hidden_at', p_gig.hidden_at, 'hidden_cause', p_gig.hidden_cause, 'hidden_reason', p_gig.hidden_reason)
$$;
revoke all on function private.gig_snapshot(public.gigs) from public;

-- A hidden gig takes no application (it "does not exist" for the applicant) and no new deal.
create or replace function private.applications_gig_listed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('applied', 'accepted') and (tg_op = 'INSERT' or old.status is distinct from new.status)
     and exists (select 1 from public.gigs g where g.id = new.gig_id and g.hidden_at is not null) then
    if new.status = 'applied' then
      raise exception 'This gig does not exist or was removed' using errcode = 'N4001';
    end if;
    raise exception 'This gig is hidden by the Need40 team, so it takes no new deals' using errcode = 'N4002';
  end if;
  return new;
end
$$;
comment on function private.applications_gig_listed() is 'Trigger: no application to, and no acceptance on, a hidden gig.';
revoke all on function private.applications_gig_listed() from public;
drop trigger if exists applications_gig_listed on public.applications;
create trigger applications_gig_listed before insert or update of status on public.applications
  for each row execute function private.applications_gig_listed();

-- Deleting a gig that has applications: hidden instead, on the record. Named to run after
-- gigs_keep_agreed_work (triggers of one event fire in name order), which still refuses a gig
-- with an accepted or paid applicant. A delete cascading from a deleted account goes through.
create or replace function private.gigs_removal_keeps_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_app uuid;
  v_closed uuid[] := '{}';
  v_gig public.gigs;
begin
  if pg_trigger_depth() > 1 or not exists (select 1 from public.applications a where a.gig_id = old.id) then
    return old;
  end if;
  for v_app in
    select a.id from public.applications a where a.gig_id = old.id and a.status = 'applied' order by a.created_at, a.id
  loop
    perform private.fire_application_transition(v_app, 'close', auth.uid());
    v_closed := v_closed || v_app;
  end loop;
  update public.gigs set status = 'closed' where id = old.id and status = 'active';
  v_gig := private.set_gig_hidden(old.id, 'removed', 'Removed by its poster.');
  perform private.audit_action('gig_removed', 'gig', old.id::text, 'The poster deleted a gig that had applications: hidden instead of deleted.',
    private.gig_snapshot(old), private.gig_snapshot(v_gig) || jsonb_build_object('closed_applications', to_jsonb(v_closed)));
  return null;
end
$$;
comment on function private.gigs_removal_keeps_history() is
  'Trigger: a gig with applications is hidden (cause removed), its pending applications closed, the removal audited — instead of a silent cascade.';
revoke all on function private.gigs_removal_keeps_history() from public;
drop trigger if exists gigs_removal_keeps_history on public.gigs;
create trigger gigs_removal_keeps_history before delete on public.gigs
  for each row execute function private.gigs_removal_keeps_history();

-- Operators: hide a gig with a reason its poster is told; its open reports are decided.
create or replace function public.admin_hide_gig(p_gig_id uuid, p_reason text) returns public.gigs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('hide a gig');
  v_reason text := private.operator_reason(p_reason);
  v_before public.gigs;
  v_gig public.gigs;
begin
  select g.* into v_before from public.gigs g where g.id = p_gig_id for update;
  if not found then
    raise exception 'No such gig' using errcode = 'PT404';
  end if;
  if v_before.hidden_at is not null then
    raise exception 'This gig is already hidden (%)', v_before.hidden_cause using errcode = 'PT409';
  end if;
  v_gig := private.set_gig_hidden(p_gig_id, 'moderation', v_reason);
  perform private.audit_action('gig_hidden', 'gig', p_gig_id::text, v_reason, private.gig_snapshot(v_before), private.gig_snapshot(v_gig));
  perform private.enqueue_service_notice(v_gig.user_id, 'gig_hidden',
    jsonb_build_object('gig_id', v_gig.id, 'gig_title', v_gig.title, 'notice', v_reason));
  perform private.resolve_reports('gig', p_gig_id, 'actioned',
    'Thank you for your report. We reviewed this gig and removed it from Need40.', v_op);
  return v_gig;
end
$$;
comment on function public.admin_hide_gig(uuid, text) is
  'Operators: hide a gig (it leaves the grid, the search and realtime for everyone but its poster, who is told the reason). Audited; its open reports are decided.';
revoke all on function public.admin_hide_gig(uuid, text) from public;
grant execute on function public.admin_hide_gig(uuid, text) to anon, authenticated, service_role;

-- Operators: restore a gig an operator hid (a ban's gigs come back with the unban; a removal is
-- the poster's own decision).
create or replace function public.admin_restore_gig(p_gig_id uuid, p_reason text) returns public.gigs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('restore a gig');
  v_reason text := private.operator_reason(p_reason);
  v_before public.gigs;
  v_gig public.gigs;
begin
  select g.* into v_before from public.gigs g where g.id = p_gig_id for update;
  if not found then
    raise exception 'No such gig' using errcode = 'PT404';
  end if;
  if v_before.hidden_cause is distinct from 'moderation' then
    raise exception '%', case v_before.hidden_cause
        when 'ban' then 'This gig is hidden because its poster is banned: lift the ban to restore it'
        when 'removed' then 'Its poster removed this gig; it cannot be restored'
        else 'This gig is not hidden' end
      using errcode = 'PT409';
  end if;
  v_gig := private.set_gig_hidden(p_gig_id, null, null);
  perform private.audit_action('gig_restored', 'gig', p_gig_id::text, v_reason, private.gig_snapshot(v_before), private.gig_snapshot(v_gig));
  perform private.enqueue_service_notice(v_gig.user_id, 'gig_restored', jsonb_build_object('gig_id', v_gig.id, 'gig_title', v_gig.title));
  return v_gig;
end
$$;
comment on function public.admin_restore_gig(uuid, text) is 'Operators: list again a gig an operator hid; its poster is told. Audited.';
revoke all on function public.admin_restore_gig(uuid, text) from public;
grant execute on function public.admin_restore_gig(uuid, text) to anon, authenticated, service_role;
