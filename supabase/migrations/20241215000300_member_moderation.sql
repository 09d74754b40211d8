-- App: what an operator does about a member or a message, each a function that checks the role
-- in the database and writes its audit row in the same transaction.
--   * admin_remove_message: the text is replaced by a notice (the original stays in the audit row).
--   * admin_warn_member: an email with the operator's words.
--   * admin_ban_member / admin_unban_member: build on the ban primitive (private.ban_member: the
--     sessions end and every write is refused from the next statement). The ban also hides the
--     member's open gigs and withdraws their pending applications, each poster told courteously;
--     the unban lists those gigs again (withdrawn applications stay withdrawn: the member may
--     apply again). An operator may ban neither themselves nor another operator: that takes the
--     service role (which may call these functions, or the auth admin API).
--   * admin_resolve_report: decide a report without acting on its item (or after acting some
--     other way); the reporter is told.
-- Forward-only; safe to re-run.

alter table public.application_messages add column if not exists removed_at timestamptz;
comment on column public.application_messages.removed_at is 'When a Need40 operator removed the message (its body is then a notice; the original is in the operator audit).';

-- The applicant's account was suspended: their pending application is withdrawn, with a notice the
-- poster reads (and is emailed by admin_ban_member). The step is the system's (the operator, or the
-- service role, is named in the ban's audit row).
insert into private.application_process (transition, from_status, to_status, actor, notify, notice, action, family) values
  ('withdraw_suspended', 'applied', 'withdrawn', 'system', null,
    'This applicant''s account has been suspended by the Need40 team, so their application was withdrawn. We are sorry for the trouble.',
    'withdraw this application', 'application')
on conflict (transition, from_status) do update
  set to_status = excluded.to_status, actor = excluded.actor, notify = excluded.notify, notice = excluded.notice,
      action = excluded.action, family = excluded.family;

-- The operator role as set, whatever the member's standing (private.is_operator is false for a
-- banned operator; the ban rules must still see the role).
create or replace function private.has_operator_role(p_uid uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select u.raw_app_meta_data ->> 'role' = 'operator' from auth.users u where u.id = p_uid), false)
$$;
comment on function private.has_operator_role(uuid) is 'True when the user''s app_metadata carries the operator role (banned or not).';
revoke all on function private.has_operator_role(uuid) from public;

-- The member a ban function acts on: exists, and (for an operator) is neither the operator nor
-- another operator. Returns their standing before.
create or replace function private.ban_target(p_op uuid, p_user_id uuid, p_action text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v jsonb;
begin
  select jsonb_build_object('banned_until', u.banned_until, 'operator', private.has_operator_role(u.id))
    into v from auth.users u join public.profiles p on p.id = u.id where u.id = p_user_id and u.deleted_at is null;
  if v is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  if p_op is not null and p_op = p_user_id then
    raise exception 'An operator cannot % themselves', p_action using errcode = '42501';
  end if;
  if p_op is not null and (v ->> 'operator')::boolean then
    raise exception 'An operator cannot % another operator: that takes the service role', p_action using errcode = '42501';
  end if;
  return v;
end
$$;
comment on function private.ban_target(uuid, uuid, text) is 'Checks the member a ban or unban acts on (exists; not the operator, not another operator unless the service role acts); returns their standing.';
revoke all on function private.ban_target(uuid, uuid, text) from public;

create or replace function public.admin_ban_member(p_user_id uuid, p_reason text, p_days integer default null) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('ban a member');
  v_reason text := private.operator_reason(p_reason);
  v_before jsonb := private.ban_target(v_op, p_user_id, 'ban');
  v_until timestamptz;
  v_gigs uuid[];
  v_apps uuid[] := '{}';
  v_app public.applications;
  v_gig record;
  v_worker text;
  v_after jsonb;
begin
  if p_days is not null and (p_days < 1 or p_days > 36500) then
    raise exception 'A ban lasts 1 to 36500 days (leave it empty for a permanent ban)' using errcode = '22023';
  end if;
  if (v_before ->> 'banned_until')::timestamptz > now() then
    raise exception 'This member is already banned until %', v_before ->> 'banned_until' using errcode = 'PT409';
  end if;
  v_until := private.ban_member(p_user_id, make_interval(days => coalesce(p_days, 36500)));

  -- Their open gigs leave the marketplace.
  select coalesce(array_agg(g.id order by g.created_at), '{}') into v_gigs
    from public.gigs g where g.user_id = p_user_id and g.status = 'active' and g.hidden_at is null;
  perform private.set_gig_hidden(g, 'ban', 'This gig is hidden while its poster''s account is suspended.') from unnest(v_gigs) as g;

  -- Their pending applications are withdrawn; each poster is told.
  select coalesce(nullif(p.full_name, ''), p.username, 'A Need40 member') into v_worker from public.profiles p where p.id = p_user_id;
  for v_app in
    select a.* from public.applications a where a.worker_id = p_user_id and a.status = 'applied' order by a.created_at, a.id
  loop
    v_app := private.fire_application_transition(v_app.id, 'withdraw_suspended', null);
    select g.id, g.title into v_gig from public.gigs g where g.id = v_app.gig_id;
    perform private.enqueue_notification(v_app.poster_id, 'application_withdrawn',
      jsonb_build_object('application_id', v_app.id, 'gig_id', v_gig.id, 'gig_title', v_gig.title, 'worker_name', v_worker, 'notice', v_app.decline_notice));
    v_apps := v_apps || v_app.id;
  end loop;

  perform private.enqueue_service_notice(p_user_id, 'account_suspended', jsonb_build_object('notice', v_reason, 'banned_until', v_until));
  perform private.resolve_reports('profile', p_user_id, 'actioned',
    'Thank you for your report. We reviewed this member and suspended their account.', v_op);
  perform private.resolve_reports('gig', g, 'actioned',
    'Thank you for your report. We reviewed this gig and removed it from Need40.', v_op) from unnest(v_gigs) as g;

  v_after := jsonb_build_object('banned_until', v_until, 'hidden_gigs', to_jsonb(v_gigs), 'withdrawn_applications', to_jsonb(v_apps));
  perform private.audit_action('member_banned', 'profile', p_user_id::text, v_reason, v_before, v_after);
  return v_after;
end
$$;
comment on function public.admin_ban_member(uuid, text, integer) is
  'Operators: ban a member for p_days (null: permanent) — sessions end, writes refused at once, open gigs hidden, pending applications withdrawn with a notice to each poster. Not for the operator themselves or another operator (the service role may). Audited.';
revoke all on function public.admin_ban_member(uuid, text, integer) from public;
grant execute on function public.admin_ban_member(uuid, text, integer) to anon, authenticated, service_role;

create or replace function public.admin_unban_member(p_user_id uuid, p_reason text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('unban a member');
  v_reason text := private.operator_reason(p_reason);
  v_before jsonb := private.ban_target(v_op, p_user_id, 'unban');
  v_gigs uuid[];
  v_after jsonb;
begin
  if (v_before ->> 'banned_until') is null or (v_before ->> 'banned_until')::timestamptz <= now() then
    raise exception 'This member is not banned' using errcode = 'PT409';
  end if;
  perform private.unban_member(p_user_id);
  select coalesce(array_agg(g.id order by g.created_at), '{}') into v_gigs
    from public.gigs g where g.user_id = p_user_id and g.hidden_cause = 'ban';
  perform private.set_gig_hidden(g, null, null) from unnest(v_gigs) as g;
  v_after := jsonb_build_object('banned_until', null, 'restored_gigs', to_jsonb(v_gigs));
  perform private.audit_action('member_unbanned', 'profile', p_user_id::text, v_reason, v_before, v_after);
  return v_after;
end
$$;
comment on function public.admin_unban_member(uuid, text) is
  'Operators: lift a ban; the gigs the ban hid are listed again (withdrawn applications stay withdrawn). Audited.';
revoke all on function public.admin_unban_member(uuid, text) from public;
grant execute on function public.admin_unban_member(uuid, text) to anon, authenticated, service_role;

create or replace function public.admin_warn_member(p_user_id uuid, p_reason text) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('warn a member');
  v_reason text := private.operator_reason(p_reason);
begin
  if not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  perform private.enqueue_service_notice(p_user_id, 'member_warning', jsonb_build_object('notice', v_reason));
  perform private.resolve_reports('profile', p_user_id, 'actioned',
    'Thank you for your report. We reviewed this member and warned them.', v_op);
  perform private.audit_action('member_warned', 'profile', p_user_id::text, v_reason, null, jsonb_build_object('warning', v_reason));
end
$$;
comment on function public.admin_warn_member(uuid, text) is 'Operators: warn a member by email in the operator''s words; their open reports are decided. Audited.';
revoke all on function public.admin_warn_member(uuid, text) from public;
grant execute on function public.admin_warn_member(uuid, text) to anon, authenticated, service_role;

create or replace function public.admin_remove_message(p_message_id uuid, p_reason text) returns public.application_messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('remove a message');
  v_reason text := private.operator_reason(p_reason);
  v_before public.application_messages;
  v_message public.application_messages;
begin
  select m.* into v_before from public.application_messages m where m.id = p_message_id for update;
  if not found then
    raise exception 'No such message' using errcode = 'PT404';
  end if;
  if v_before.removed_at is not null then
    raise exception 'This message was already removed' using errcode = 'PT409';
  end if;
  update public.application_messages
     set body = 'This message was removed by the Need40 team.', removed_at = now()
   where id = p_message_id
  returning * into v_message;
  perform private.resolve_reports('message', p_message_id, 'actioned',
    'Thank you for your report. We reviewed this message and removed it.', v_op);
  perform private.audit_action('message_removed', 'message', p_message_id::text, v_reason,
    jsonb_build_object('body', v_before.body, 'sender_id', v_before.sender_id, 'application_id', v_before.application_id),
    jsonb_build_object('body', v_message.body, 'removed_at', v_message.removed_at));
  return v_message;
end
$$;
comment on function public.admin_remove_message(uuid, text) is
  'Operators: replace a message''s text with a removal notice (the original is kept in the audit row); its open reports are decided. Audited.';
revoke all on function public.admin_remove_message(uuid, text) from public;
grant execute on function public.admin_remove_message(uuid, text) to anon, authenticated, service_role;

create or replace function public.admin_resolve_report(p_report_id uuid, p_resolution text, p_reason text) returns public.reports
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('decide a report');
  v_reason text := private.operator_reason(p_reason);
  v_before public.reports;
  v_report public.reports;
begin
  if p_resolution is null or p_resolution not in ('actioned', 'dismissed') then
    raise exception 'A report is decided as actioned or dismissed' using errcode = '22023';
  end if;
  select r.* into v_before from public.reports r where r.id = p_report_id for update;
  if not found then
    raise exception 'No such report' using errcode = 'PT404';
  end if;
  if v_before.status <> 'open' then
    raise exception 'This report was already decided (%)', v_before.status using errcode = 'PT409';
  end if;
  update public.reports
     set status = p_resolution, resolved_at = now(), resolved_by = v_op,
         outcome = case p_resolution
           when 'actioned' then 'Thank you for your report. We reviewed it and took action.'
           else 'Thank you for your report. We reviewed it and found nothing against our rules this time.' end
   where id = p_report_id
  returning * into v_report;
  perform private.enqueue_service_notice(v_report.reporter_id, 'report_resolved',
    jsonb_build_object('report_id', v_report.id, 'target_kind', v_report.target_kind, 'target_id', v_report.target_id,
      'gig_id', case when v_report.target_kind = 'gig' then v_report.target_id end, 'notice', v_report.outcome));
  perform private.audit_action('report_' || p_resolution, 'report', p_report_id::text, v_reason,
    jsonb_build_object('status', v_before.status), jsonb_build_object('status', v_report.status, 'outcome', v_report.outcome));
  return v_report;
end
$$;
comment on function public.admin_resolve_report(uuid, text, text) is
  'Operators: decide one report (actioned or dismissed) without acting on its item here; the reporter is told. Audited.';
revoke all on function public.admin_resolve_report(uuid, text, text) from public;
grant execute on function public.admin_resolve_report(uuid, text, text) to anon, authenticated, service_role;

-- Operators: send a pending or failed email again now.
create or replace function public.admin_retry_email(p_outbox_id bigint, p_reason text default null) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_op uuid := private.require_console('retry an email');
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_before private.notification_outbox;
begin
  if char_length(v_reason) > 1000 then
    raise exception 'A reason must be at most 1000 characters' using errcode = '22023';
  end if;
  select o.* into v_before from private.notification_outbox o where o.id = p_outbox_id for update;
  if not found then
    raise exception 'No such email' using errcode = 'PT404';
  end if;
  if v_before.delivered_at is not null then
    raise exception 'This email was already handled' using errcode = 'PT409';
  end if;
  update private.notification_outbox set attempts = 0, deliver_after = now() where id = p_outbox_id;
  perform private.audit_action('email_retried', 'email', p_outbox_id::text, v_reason,
    jsonb_build_object('attempts', v_before.attempts, 'deliver_after', v_before.deliver_after, 'last_error', v_before.last_error),
    jsonb_build_object('attempts', 0, 'deliver_after', now()));
end
$$;
comment on function public.admin_retry_email(bigint, text) is 'Operators: an undelivered email (pending or given up) is due again now, with its attempts reset. Audited.';
revoke all on function public.admin_retry_email(bigint, text) from public;
grant execute on function public.admin_retry_email(bigint, text) to anon, authenticated, service_role;
