-- App: Need40 operators — members whose auth.users.raw_app_meta_data carries "role": "operator".
-- app_metadata can be written only with the service role (the auth admin API or SQL), never by the
-- member (PUT /auth/v1/user writes user_metadata). Every operator action is a database function
-- that asks private.require_operator(), which reads the CURRENT value in auth.users — not the
-- token's app_metadata claim — so taking the role away takes effect at once, even for a token
-- issued before. Forward-only; safe to re-run.

create or replace function private.is_operator(p_uid uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select u.raw_app_meta_data ->> 'role' = 'operator'
           and u.deleted_at is null
           and (u.banned_until is null or u.banned_until <= now())
    from auth.users u where u.id = p_uid
  ), false)
$$;
comment on function private.is_operator(uuid) is
  'True when the member is a Need40 operator now: auth.users.raw_app_meta_data ->> ''role'' = ''operator'', not deleted, not banned.';
revoke all on function private.is_operator(uuid) from public;

-- The signed-in operator, or a refusal: 401 for a visitor, 403 for a member who is not one.
-- private.require_member() applies the session rules every member action has (MFA level, …).
create or replace function private.require_operator(p_action text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member(p_action);
begin
  if not private.is_operator(v_uid) then
    raise exception 'Only a Need40 operator can %', p_action using errcode = '42501';
  end if;
  return v_uid;
end
$$;
comment on function private.require_operator(text) is
  'auth.uid() of a signed-in member who is an operator now (checked in auth.users, not the token), else 42501.';
revoke all on function private.require_operator(text) from public;
