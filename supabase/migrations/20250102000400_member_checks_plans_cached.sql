-- App: the checks every member function starts with keep their query plans. private.member_refusal
-- and private.session_aal_ok were SQL functions with SECURITY DEFINER, which PostgreSQL never
-- inlines and (up to version 17) plans again on every call; bench:ledger found them costing a
-- release (approve_work) more than its ledger posting. As PL/pgSQL functions their statements are
-- prepared once per connection. Same bodies, same answers. Forward-only; safe to re-run.

create or replace function private.session_aal_ok() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select array[auth.jwt() ->> 'aal'] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors
      where user_id = auth.uid() and status = 'verified'
    ));
end
$$;
comment on function private.session_aal_ok() is 'True when the session may act: aal2 for users with a verified factor, else aal1 or aal2.';
revoke all on function private.session_aal_ok() from public;

create or replace function private.member_refusal() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select case
      when auth.uid() is null then 'signed_out'
      when coalesce(auth.jwt() ->> 'is_anonymous', 'false') = 'true' then 'anonymous'
      when u.id is null or u.deleted_at is not null then 'gone'
      when u.is_anonymous then 'anonymous'
      when u.banned_until > now() then 'banned'
      when not private.session_aal_ok() then 'aal'
    end
    from (select 1) as one
    left join auth.users u on u.id = auth.uid());
end
$$;
comment on function private.member_refusal() is
  'Why the caller may not write to the marketplace (signed_out, anonymous, gone, banned, aal), or null when they may.';
revoke all on function private.member_refusal() from public;
