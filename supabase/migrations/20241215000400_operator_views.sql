-- App: what the operator's console reads, as views over /rest/v1 (react-admin lists, filters, sorts
-- and pages them like any table). Each view runs with its owner's rights — it reads across members
-- and into auth.users — so each one is gated: `where private.console_gate(…)` refuses (42501) any
-- caller but an operator or the service role before a row is read; anon has no grant at all.
-- security_barrier keeps a caller's filters from running before the gate.
-- Forward-only; safe to re-run.

-- Reports with their item in context: what it is, whose it is, its state now, the thread of a
-- message, and how many open reports the item has.
create or replace view public.admin_reports with (security_barrier) as
select r.id, r.created_at, r.status, r.reason, r.note, r.outcome, r.resolved_at, r.resolved_by,
       r.reporter_id, coalesce(nullif(rp.full_name, ''), rp.username) as reporter_name,
       r.target_kind, r.target_id,
       case r.target_kind when 'gig' then g.title when 'profile' then coalesce(nullif(tp.full_name, ''), tp.username) else left(m.body, 300) end as target_summary,
       o.id as target_owner_id,
       coalesce(nullif(o.full_name, ''), o.username) as target_owner_name,
       case r.target_kind
         when 'gig' then coalesce(g.hidden_cause, g.status)
         when 'message' then case when m.removed_at is null then 'visible' else 'removed' end
         else case when ou.banned_until > now() then 'banned' else 'active' end
       end as target_state,
       m.application_id as thread_id,
       (select count(*) from public.reports x where x.target_kind = r.target_kind and x.target_id = r.target_id and x.status = 'open') as open_reports_on_item
  from public.reports r
  left join public.profiles rp on rp.id = r.reporter_id
  left join public.gigs g on r.target_kind = 'gig' and g.id = r.target_id
  left join public.profiles tp on r.target_kind = 'profile' and tp.id = r.target_id
  left join public.application_messages m on r.target_kind = 'message' and m.id = r.target_id
  left join public.profiles o on o.id = case r.target_kind when 'gig' then g.user_id when 'profile' then r.target_id else m.sender_id end
  left join auth.users ou on ou.id = o.id
 where private.console_gate('read the reports');
comment on view public.admin_reports is 'Operators: every report with its item in context (summary, owner, state now, thread). Refused to anyone else.';

-- Every gig, hidden ones included, with its poster and open reports.
create or replace view public.admin_gigs with (security_barrier) as
select g.id, g.title, g.description, g.status, g.payment_type, g.rate, g.hours, g.location, g.skills,
       g.applicant_count, g.created_at, g.hidden_at, g.hidden_cause, g.hidden_reason,
       g.user_id, coalesce(nullif(p.full_name, ''), p.username) as poster_name, u.email as poster_email,
       u.banned_until as poster_banned_until,
       (select count(*) from public.reports x where x.target_kind = 'gig' and x.target_id = g.id and x.status = 'open') as open_reports
  from public.gigs g
  join public.profiles p on p.id = g.user_id
  left join auth.users u on u.id = g.user_id
 where private.console_gate('read the gigs');
comment on view public.admin_gigs is 'Operators: every gig (hidden ones too) with its poster and open reports. Refused to anyone else.';

-- Members, searchable by name, username, email or id (`search` holds them all, lower-cased).
create or replace view public.admin_members with (security_barrier) as
select p.id, p.full_name, p.username, u.email, p.created_at, u.last_sign_in_at, u.banned_until,
       coalesce(u.raw_app_meta_data ->> 'role' = 'operator', false) as is_operator,
       (select count(*) from public.gigs x where x.user_id = p.id) as gig_count,
       (select count(*) from public.applications x where x.worker_id = p.id) as application_count,
       (select count(*) from public.reports x where x.target_kind = 'profile' and x.target_id = p.id and x.status = 'open') as open_reports,
       lower(concat_ws(' ', p.full_name, p.username, u.email, p.id::text)) as search
  from public.profiles p
  join auth.users u on u.id = p.id
 where u.deleted_at is null and private.console_gate('read the members');
comment on view public.admin_members is 'Operators: members with their standing and counts; filter search=ilike.*text* for name, username, email or id. Refused to anyone else.';

-- Applications and deals, both sides named.
create or replace view public.admin_applications with (security_barrier) as
select a.id, a.gig_id, g.title as gig_title, a.worker_id, coalesce(nullif(w.full_name, ''), w.username) as worker_name,
       a.poster_id, coalesce(nullif(po.full_name, ''), po.username) as poster_name, a.status, a.message,
       a.created_at, a.updated_at, a.accepted_at, a.decline_notice,
       a.deal_payment_type, a.deal_amount_cents, a.deal_fee_cents, a.deal_worker_cents
  from public.applications a
  join public.gigs g on g.id = a.gig_id
  left join public.profiles w on w.id = a.worker_id
  left join public.profiles po on po.id = a.poster_id
 where private.console_gate('read the applications');
comment on view public.admin_applications is 'Operators: every application and deal with its gig and both parties. Refused to anyone else.';

-- Messages, for a thread in context.
create or replace view public.admin_messages with (security_barrier) as
select m.id, m.application_id, m.sender_id, coalesce(nullif(s.full_name, ''), s.username) as sender_name,
       m.body, m.created_at, m.removed_at
  from public.application_messages m
  left join public.profiles s on s.id = m.sender_id
 where private.console_gate('read the messages');
comment on view public.admin_messages is 'Operators: the messages of every thread (a reported one in context). Refused to anyone else.';

-- Emails not delivered yet: pending, retrying after a failure, or given up (failed). "Given up"
-- is the deliverer's limit of attempts (MAX_ATTEMPTS in backend/src/notifications/outbox.ts).
create or replace view public.admin_outbox with (security_barrier) as
select o.id, o.kind, o.recipient_id, coalesce(nullif(p.full_name, ''), p.username) as recipient_name, u.email as recipient_email,
       o.payload ->> 'gig_title' as gig_title, o.created_at, o.deliver_after, o.attempts, o.last_error,
       case when o.attempts >= 8 then 'failed' when o.last_error is not null then 'retrying' else 'pending' end as state
  from private.notification_outbox o
  left join public.profiles p on p.id = o.recipient_id
  left join auth.users u on u.id = o.recipient_id
 where o.delivered_at is null and private.console_gate('read the email outbox');
comment on view public.admin_outbox is 'Operators: undelivered emails (pending, retrying, failed) with their recipient and last error. Refused to anyone else.';

-- The operator audit log.
create or replace view public.admin_audit_log with (security_barrier) as
select a.id, a.created_at, a.actor_id, coalesce(nullif(p.full_name, ''), p.username) as actor_name, a.actor_role,
       a.action, a.target_kind, a.target_id, a.reason, a.before, a.after
  from private.operator_audit a
  left join public.profiles p on p.id = a.actor_id
 where private.console_gate('read the audit log');
comment on view public.admin_audit_log is 'Operators: every operator action (who, what, target, reason, before and after), newest first by id. Refused to anyone else.';

-- The views are read-only (every change is an operator function). A view with a join is not
-- updatable, and PostgreSQL would say so (55000) before it checks the privilege; an INSTEAD OF
-- trigger makes a write reach the privilege check, so it is refused as one (42501, 401/403).
create or replace function private.admin_view_read_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The operator views are read-only: use the operator functions' using errcode = '42501';
end
$$;
comment on function private.admin_view_read_only() is 'INSTEAD OF trigger of the operator views: every write is refused.';
revoke all on function private.admin_view_read_only() from public;

do $$
declare
  v text;
begin
  foreach v in array array['admin_reports', 'admin_gigs', 'admin_members', 'admin_applications', 'admin_messages', 'admin_outbox', 'admin_audit_log'] loop
    execute format('revoke all on table public.%I from public, anon, authenticated, service_role', v);
    execute format('grant select on table public.%I to authenticated, service_role', v);
    execute format('drop trigger if exists %I on public.%I', v || '_read_only', v);
    execute format('create trigger %I instead of insert or update or delete on public.%I for each row execute function private.admin_view_read_only()', v || '_read_only', v);
  end loop;
end
$$;
