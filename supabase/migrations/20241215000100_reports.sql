-- App: members report a gig, a profile or a message to the Need40 team.
--   * public.reports: one row per report; the reporter reads their own (and so learns the
--     outcome); operators read them all through public.admin_reports. Written only by
--     report_item() and the operator functions.
--   * One open report per member per item (a second is refused until the first is decided), at
--     most 20 reports per member per day (the queue is not a place to flood).
--   * A member reports only what they can see: an open gig that is not theirs, another member's
--     profile, a message someone else sent in one of their own threads.
-- Forward-only; safe to re-run.

create table if not exists public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references public.profiles (id) on delete cascade,
  target_kind text not null,
  target_id uuid not null,
  reason text not null,
  note text,
  status text not null default 'open',
  outcome text,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid,
  constraint reports_target_kind_check check (target_kind in ('gig', 'profile', 'message')),
  constraint reports_reason_check check (reason in ('scam', 'spam', 'harassment', 'inappropriate', 'other')),
  constraint reports_note_length check (char_length(note) <= 1000),
  constraint reports_status_check check (status in ('open', 'actioned', 'dismissed')),
  constraint reports_outcome_length check (char_length(outcome) <= 1000),
  constraint reports_resolved_consistent check ((status = 'open') = (resolved_at is null))
);
comment on table public.reports is
  'A member''s report of a gig, a profile or a message (reason from a short list, a note). open → actioned | dismissed by an operator, with the outcome the reporter is told. The reporter reads their own; operators read all through admin_reports.';
comment on column public.reports.reason is 'scam | spam | harassment | inappropriate | other.';
comment on column public.reports.outcome is 'What the reporter is told when the report is decided (never the operator''s private reason).';
create unique index if not exists reports_one_open_per_item on public.reports (reporter_id, target_kind, target_id) where status = 'open';
create index if not exists reports_queue_idx on public.reports (status, created_at, id);
create index if not exists reports_target_idx on public.reports (target_kind, target_id) where status = 'open';
create index if not exists reports_reporter_idx on public.reports (reporter_id, created_at desc);
alter table public.reports enable row level security;
revoke all on table public.reports from public, anon, authenticated;
grant select on table public.reports to authenticated;
grant select, insert, update, delete on table public.reports to service_role;
drop policy if exists reports_select_own on public.reports;
create policy reports_select_own on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()));
drop policy if exists reports_require_aal2 on public.reports;
create policy reports_require_aal2 on public.reports as restrictive for select to authenticated
  using ((select private.aal_satisfied()));

create or replace function public.report_item(p_kind text, p_target_id uuid, p_reason text, p_note text default null)
returns public.reports
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('report this');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_found boolean;
  v_own boolean;
  v_report public.reports;
begin
  if p_kind is null or p_kind not in ('gig', 'profile', 'message') then
    raise exception 'What are you reporting? p_kind must be gig, profile or message' using errcode = '22023';
  end if;
  if p_target_id is null then
    raise exception 'Which % are you reporting? p_target_id is required', p_kind using errcode = '22023';
  end if;
  if p_reason is null or p_reason not in ('scam', 'spam', 'harassment', 'inappropriate', 'other') then
    raise exception 'Choose a reason: scam, spam, harassment, inappropriate or other' using errcode = '22023';
  end if;
  if char_length(v_note) > 1000 then
    raise exception 'Your note must be at most 1000 characters' using errcode = '22023';
  end if;

  -- Only what the reporter can see, and never their own.
  if p_kind = 'gig' then
    select true, g.user_id = v_uid into v_found, v_own from public.gigs g where g.id = p_target_id and g.hidden_at is null;
  elsif p_kind = 'profile' then
    select true, p.id = v_uid into v_found, v_own from public.profiles p where p.id = p_target_id;
  else
    select true, m.sender_id = v_uid into v_found, v_own
      from public.application_messages m join public.applications a on a.id = m.application_id
     where m.id = p_target_id and v_uid in (a.worker_id, a.poster_id) and m.removed_at is null;
  end if;
  if not coalesce(v_found, false) then
    raise exception 'There is no such % to report', p_kind using errcode = 'PT404';
  end if;
  if v_own then
    raise exception 'You cannot report your own %', p_kind using errcode = '22023';
  end if;

  if exists (select 1 from public.reports r where r.reporter_id = v_uid and r.target_kind = p_kind and r.target_id = p_target_id and r.status = 'open') then
    raise exception 'You have already reported this %; we will let you know what we decide', p_kind using errcode = '23505';
  end if;
  if (select count(*) from (select 1 from public.reports r where r.reporter_id = v_uid and r.created_at > now() - interval '1 day' limit 20) s) >= 20 then
    raise exception 'You have sent 20 reports today: please try again tomorrow' using errcode = 'PT429';
  end if;

  insert into public.reports (reporter_id, target_kind, target_id, reason, note)
  values (v_uid, p_kind, p_target_id, p_reason, v_note)
  returning * into v_report;
  return v_report;
end
$$;
comment on function public.report_item(text, uuid, text, text) is
  'A member reports a gig, a profile or a message they can see (reason: scam, spam, harassment, inappropriate, other; an optional note). One open report per member per item; 20 a day.';
revoke all on function public.report_item(text, uuid, text, text) from public;
grant execute on function public.report_item(text, uuid, text, text) to anon, authenticated, service_role;

-- Decides the open reports of one item (the operator acted on it, or dismissed them) and tells
-- each reporter the outcome. Returns how many were decided.
create or replace function private.resolve_reports(p_kind text, p_target_id uuid, p_status text, p_outcome text, p_by uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_report public.reports;
  v_n integer := 0;
begin
  for v_report in
    update public.reports r
       set status = p_status, outcome = p_outcome, resolved_at = now(), resolved_by = p_by
     where r.target_kind = p_kind and r.target_id = p_target_id and r.status = 'open'
    returning r.*
  loop
    perform private.enqueue_service_notice(v_report.reporter_id, 'report_resolved',
      jsonb_build_object('report_id', v_report.id, 'target_kind', v_report.target_kind, 'target_id', v_report.target_id,
        'gig_id', case when v_report.target_kind = 'gig' then v_report.target_id end, 'notice', p_outcome));
    v_n := v_n + 1;
  end loop;
  return v_n;
end
$$;
comment on function private.resolve_reports(text, uuid, text, text, uuid) is
  'Decides every open report of one item (actioned or dismissed) with the outcome the reporters are told, and queues their emails.';
revoke all on function private.resolve_reports(text, uuid, text, text, uuid) from public;
