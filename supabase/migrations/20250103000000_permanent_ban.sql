-- App: a permanent ban works. admin_ban_member gives "permanent" (no days) as 36500 days, and
-- accepts up to 36500 days, but private.ban_member refused anything over interval '100 years',
-- which PostgreSQL compares as 1200 months of 30 days = 36000 days: every permanent ban, and every
-- ban of 36001–36500 days, failed with "A ban lasts more than 0 and at most 100 years". The bound
-- is now the operator function's own, in days. Forward-only; safe to re-run.

create or replace function private.ban_member(p_user_id uuid, p_duration interval) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  if p_duration is null or p_duration <= interval '0' or p_duration > interval '36500 days' then
    raise exception 'A ban lasts more than 0 and at most 36500 days' using errcode = '22023';
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
  'Operators: ban a member for p_duration, at most 36500 days (their sessions end, their writes are refused, their queued emails dropped). Returns banned_until.';
revoke all on function private.ban_member(uuid, interval) from public;
