-- App: who may write to the marketplace, decided in one place. A signed-in session may write only
-- while its user is a member in good standing:
--   * not an anonymous (guest) session — Supabase's guidance for anonymous sign-ins: they read like
--     anyone, and restrictive policies on `is_anonymous` keep them from writing;
--   * not banned (auth.users.banned_until in the future: GoTrue's admin API `ban_duration`, or
--     private.ban_member() below), not deleted — refused at once, even with an access token issued
--     before the ban (tokens live up to an hour; the database reads the ban on every write);
--   * the MFA rule (aal2 once a factor is verified), as before.
-- private.member_refusal() says why not; private.require_member() (every marketplace function)
-- raises it; private.member_may_write() (restrictive write policies and two statement triggers)
-- raises it too. Reads are unaffected. private.ban_member() / private.unban_member() are the
-- database's ban primitive for operator functions. Forward-only; safe to re-run.

-- Why the request's caller may not write, or null when they may: 'signed_out', 'anonymous',
-- 'gone' (no such user any more, or soft-deleted), 'banned', 'aal'. SECURITY DEFINER: the API
-- roles cannot read auth.users.
create or replace function private.member_refusal() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then 'signed_out'
    when coalesce(auth.jwt() ->> 'is_anonymous', 'false') = 'true' then 'anonymous'
    when u.id is null or u.deleted_at is not null then 'gone'
    when u.is_anonymous then 'anonymous'
    when u.banned_until > now() then 'banned'
    when not private.session_aal_ok() then 'aal'
  end
  from (select 1) as one
  left join auth.users u on u.id = auth.uid()
$$;
comment on function private.member_refusal() is
  'Why the caller may not write to the marketplace (signed_out, anonymous, gone, banned, aal), or null when they may.';
revoke all on function private.member_refusal() from public;

-- The refusal as an error: 42501 (401 for a visitor, 403 for a signed-in session) with a message
-- the UI can show; nothing when p_why is null.
create or replace function private.raise_member_refusal(p_why text, p_action text) returns void
language plpgsql
set search_path = ''
as $$
begin
  case p_why
    when 'signed_out', 'gone' then
      raise exception 'You must be logged in to %', p_action using errcode = '42501';
    when 'anonymous' then
      raise exception 'Sign up with an email address to %', p_action using errcode = '42501',
        hint = 'Guest (anonymous) sessions can look around but not write to the marketplace.';
    when 'banned' then
      raise exception 'Your account is suspended, so you cannot %', p_action using errcode = '42501',
        hint = 'Contact the Need40 team if you think this is a mistake.';
    when 'aal' then
      raise exception 'Verify your second factor to %', p_action using errcode = '42501', hint = 'Sign in with your authenticator code (aal2).';
    else
      null;
  end case;
end
$$;
comment on function private.raise_member_refusal(text, text) is 'Raises the 42501 error of a member_refusal() reason (nothing for null).';
revoke all on function private.raise_member_refusal(text, text) from public;

-- The signed-in member, or a clear refusal. Every marketplace function starts with it (same
-- signature and messages as before; anonymous, banned and deleted users are new refusals).
create or replace function private.require_member(p_action text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.raise_member_refusal(private.member_refusal(), p_action);
  return auth.uid();
end
$$;
comment on function private.require_member(text) is
  'auth.uid() of a signed-in member who may write (not anonymous, not banned or deleted, MFA rule met), else 42501.';
revoke all on function private.require_member(text) from public;

-- For restrictive write policies: true, or the refusal raised (so a banned member's write is a
-- clear 403, not an empty answer). signed_out and aal are left to the policies that decide them
-- already (an aal1 update keeps answering with no row, as the MFA policies do).
create or replace function private.member_may_write(p_action text) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_why text := private.member_refusal();
begin
  if v_why in ('anonymous', 'banned', 'gone') then
    perform private.raise_member_refusal(v_why, p_action);
  end if;
  return true;
end
$$;
comment on function private.member_may_write(text) is
  'For restrictive write policies: true, or 42501 raised for an anonymous, banned or deleted caller.';
revoke all on function private.member_may_write(text) from public;
grant execute on function private.member_may_write(text) to anon, authenticated, service_role;

-- Every table a client writes directly. One restrictive policy per write command (reads stay open).
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('gigs', 'insert', 'post a gig'), ('gigs', 'update', 'edit a gig'), ('gigs', 'delete', 'delete a gig'),
      ('profiles', 'update', 'edit your profile'),
      ('payments', 'insert', 'record a payment'),
      ('saved_gigs', 'insert', 'save a gig'), ('saved_gigs', 'delete', 'remove a saved gig'),
      ('notification_preferences', 'update', 'change your notification settings')
    ) as t (tbl, cmd, action)
  loop
    execute format('drop policy if exists %I on public.%I', r.tbl || '_' || r.cmd || '_members_only', r.tbl);
    execute format(
      'create policy %I on public.%I as restrictive for %s to authenticated %s ((select private.member_may_write(%L)))',
      r.tbl || '_' || r.cmd || '_members_only', r.tbl, r.cmd,
      case r.cmd when 'insert' then 'with check' else 'using' end, r.action);
  end loop;
end
$$;

-- record_payment and create_paid_gig write payments and gigs as their owner (policies do not
-- apply) and predate require_member: a statement trigger asks the same question for them (and,
-- redundantly, for direct inserts). Only requests of a signed-in user are checked; the service
-- role and the backend's own connection are not.
create or replace function private.members_only_statement() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and coalesce(auth.jwt() ->> 'role', '') = 'authenticated' then
    perform private.member_may_write(tg_argv[0]);
  end if;
  return null;
end
$$;
comment on function private.members_only_statement() is
  'Statement trigger: refuses an insert made in the name of an anonymous, banned or deleted user (argument: the action named in the refusal).';
revoke all on function private.members_only_statement() from public;

drop trigger if exists gigs_members_only on public.gigs;
create trigger gigs_members_only before insert on public.gigs
  for each statement execute function private.members_only_statement('post a gig');
drop trigger if exists payments_members_only on public.payments;
create trigger payments_members_only before insert on public.payments
  for each statement execute function private.members_only_statement('record a payment');

-- The ban primitive, for operator functions (an operator console calls it after checking the
-- operator's role and writing its own audit row; the API roles cannot call it). Bans until
-- now() + p_duration, ends every session (their refresh tokens go with them), and drops the
-- undelivered emails the member caused. Returns the end of the ban. The member's writes are
-- refused from the next statement on; /realtime/v1 closes their channels within seconds.
create or replace function private.ban_member(p_user_id uuid, p_duration interval) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if p_duration is null or p_duration <= interval '0' or p_duration > interval '100 years' then
    raise exception 'A ban lasts more than 0 and at most 100 years' using errcode = '22023';
  end if;
  update auth.users set banned_until = now() + p_duration, updated_at = now()
   where id = p_user_id
  returning banned_until into v_until;
  if v_until is null then
    raise exception 'No such member' using errcode = 'N4004';
  end if;
  delete from auth.sessions where user_id = p_user_id;
  delete from private.notification_outbox where sender_id = p_user_id and delivered_at is null;
  return v_until;
end
$$;
comment on function private.ban_member(uuid, interval) is
  'Operators: ban a member for p_duration (their sessions end, their writes are refused, their queued emails dropped). Returns banned_until.';
revoke all on function private.ban_member(uuid, interval) from public;

create or replace function private.unban_member(p_user_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update auth.users set banned_until = null, updated_at = now() where id = p_user_id;
  if not found then
    raise exception 'No such member' using errcode = 'N4004';
  end if;
end
$$;
comment on function private.unban_member(uuid) is 'Operators: lift a ban (the member signs in again; nothing else is restored).';
revoke all on function private.unban_member(uuid) from public;
