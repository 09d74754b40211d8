-- App: the record of every operator action, and the pieces every operator function shares.
--   * private.operator_audit: one row per action (who, what, on which item, why, the item before
--     and after), written by the action's own function in the same transaction, so an action and
--     its record commit or roll back together. Append-only: no role may change or delete a row.
--   * private.require_console(action): the operator (private.require_operator: the role is read in
--     auth.users now, never from the token), or NULL for a request made with the service role
--     (scripts; the service role may do what an operator may not, e.g. ban an operator).
--   * private.console_gate(what): the same check as a boolean for the operator views' WHERE
--     clause (a constant condition, so PostgreSQL checks it once, before reading any row).
--   * private.enqueue_service_notice(): emails about a member's own account and items (a hidden
--     gig, a warning, a ban, a report's outcome) — sent even when marketplace emails are off.
-- Forward-only; safe to re-run.

create table if not exists private.operator_audit (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null,
  action text not null,
  target_kind text not null,
  target_id text not null,
  reason text,
  before jsonb,
  after jsonb,
  constraint operator_audit_actor_role_check check (actor_role in ('operator', 'member', 'service')),
  constraint operator_audit_target_kind_check check (target_kind in ('gig', 'profile', 'message', 'report', 'email', 'application')),
  constraint operator_audit_reason_length check (char_length(reason) <= 1000)
);
comment on table private.operator_audit is
  'Every operator action (and a poster''s removal of a gig that had applications): actor, action, target, reason, the target before and after. Written by the action''s function in its transaction; append-only; operators read it through public.admin_audit_log.';
comment on column private.operator_audit.actor_id is 'auth.uid() of the operator (or the member, for a removal); null for the service role.';
create index if not exists operator_audit_created_at_idx on private.operator_audit (created_at desc, id desc);
create index if not exists operator_audit_target_idx on private.operator_audit (target_kind, target_id, created_at desc);
create index if not exists operator_audit_actor_idx on private.operator_audit (actor_id, created_at desc) where actor_id is not null;
alter table private.operator_audit enable row level security;
revoke all on table private.operator_audit from public, anon, authenticated, service_role;

-- Append-only, for everyone (the table owner included): a record that can be edited is no record.
create or replace function private.operator_audit_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The operator audit log is append-only' using errcode = '42501';
end
$$;
comment on function private.operator_audit_append_only() is 'Trigger: refuses any update or delete of private.operator_audit.';
revoke all on function private.operator_audit_append_only() from public;
drop trigger if exists operator_audit_append_only on private.operator_audit;
create trigger operator_audit_append_only before update or delete on private.operator_audit
  for each row execute function private.operator_audit_append_only();

-- The signed-in operator, or NULL for the service role; anyone else is refused (42501: 401 for a
-- visitor, 403 for a member, with require_operator's messages).
create or replace function private.require_console(p_action text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') = 'service_role' then
    return null;
  end if;
  return private.require_operator(p_action);
end
$$;
comment on function private.require_console(text) is
  'The operator''s auth.uid() (checked in auth.users now), null for the service role, else 42501.';
revoke all on function private.require_console(text) from public;

-- For the operator views: true, or the refusal raised. STABLE and argument-constant, so the
-- planner makes it a one-time filter evaluated before the first row is read (an empty table is
-- refused too, not answered with nothing).
create or replace function private.console_gate(p_what text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_console(p_what);
  return true;
end
$$;
comment on function private.console_gate(text) is 'WHERE clause of the operator views: true for an operator or the service role, else 42501.';
revoke all on function private.console_gate(text) from public;
grant execute on function private.console_gate(text) to authenticated, service_role;

-- An operator's reason: required, trimmed, at most 1000 characters.
create or replace function private.operator_reason(p_reason text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_reason, ''));
begin
  if v = '' then
    raise exception 'Give a reason: it goes on the record' using errcode = '22023';
  end if;
  if char_length(v) > 1000 then
    raise exception 'A reason must be at most 1000 characters' using errcode = '22023';
  end if;
  return v;
end
$$;
comment on function private.operator_reason(text) is 'The reason of an operator action, trimmed; 22023 when blank or over 1000 characters.';
revoke all on function private.operator_reason(text) from public;

-- One audit row for the action being done by the request's caller.
create or replace function private.audit_action(p_action text, p_target_kind text, p_target_id text, p_reason text, p_before jsonb, p_after jsonb)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_id bigint;
begin
  insert into private.operator_audit (actor_id, actor_role, action, target_kind, target_id, reason, before, after)
  values (
    v_uid,
    case
      when coalesce(auth.jwt() ->> 'role', '') = 'service_role' or v_uid is null then 'service'
      when private.is_operator(v_uid) then 'operator'
      else 'member'
    end,
    p_action, p_target_kind, p_target_id, p_reason, p_before, p_after)
  returning id into v_id;
  return v_id;
end
$$;
comment on function private.audit_action(text, text, text, text, jsonb, jsonb) is
  'Writes one private.operator_audit row for the caller (operator, member or service), in the caller''s transaction.';
revoke all on function private.audit_action(text, text, text, text, jsonb, jsonb) from public;

-- The emails of the console. The outbox's kind check is widened by adding these to whatever it
-- lists now (other migrations add kinds of their own; a fixed list here would drop theirs).
do $$
declare
  v_def text;
  v_kinds text[];
begin
  select pg_get_constraintdef(c.oid) into v_def from pg_constraint c
   where c.conrelid = 'private.notification_outbox'::regclass and c.conname = 'notification_outbox_kind_check';
  select coalesce(array_agg(distinct m[1] order by m[1]), '{}') into v_kinds
    from regexp_matches(coalesce(v_def, ''), '''([a-z_]+)''', 'g') as m;
  v_kinds := array(select distinct k from unnest(v_kinds || array[
    'gig_hidden', 'gig_restored', 'report_resolved', 'member_warning', 'account_suspended', 'application_withdrawn']) as k order by k);
  alter table private.notification_outbox drop constraint if exists notification_outbox_kind_check;
  execute format('alter table private.notification_outbox add constraint notification_outbox_kind_check check (kind = any (%L::text[]))', v_kinds);
end
$$;

-- Kinds about the member's own account or items: sent whatever their email setting (like a
-- password reset), because they say what happened to something of theirs and why.
create or replace function private.is_service_notice(p_kind text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_kind in ('gig_hidden', 'gig_restored', 'report_resolved', 'member_warning', 'account_suspended')
$$;
comment on function private.is_service_notice(text) is
  'True for the outbox kinds about a member''s own account or items (sent whatever their email setting; the deliverer asks this too).';
revoke all on function private.is_service_notice(text) from public;

create or replace function private.enqueue_service_notice(p_recipient uuid, p_kind text, p_payload jsonb) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.is_service_notice(p_kind) then
    raise exception 'Not a service notice: %', p_kind using errcode = '22023';
  end if;
  insert into private.notification_outbox (recipient_id, kind, payload) values (p_recipient, p_kind, p_payload);
end
$$;
comment on function private.enqueue_service_notice(uuid, text, jsonb) is
  'Queues an email about the recipient''s own account or items, whatever their email setting.';
revoke all on function private.enqueue_service_notice(uuid, text, jsonb) from public;
