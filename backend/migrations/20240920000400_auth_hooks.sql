-- Platform: the role GoTrue runs its Postgres hooks as. An app's custom access token hook
-- (HOOK_CUSTOM_ACCESS_TOKEN_URI=pg-functions://postgres/public/custom_access_token_hook) is called
-- as `supabase_auth_admin` in the token's transaction, exactly as on hosted Supabase, so the app's
-- SQL grants it what the hook reads:
--   grant usage on schema public to supabase_auth_admin;
--   grant execute on function public.custom_access_token_hook to supabase_auth_admin;
--   revoke execute on function public.custom_access_token_hook from authenticated, anon, public;
-- Safe to re-run.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  -- The backend's own connection switches to it for the hook (a no-op for a superuser).
  execute format('grant supabase_auth_admin to %I', current_user);
end
$$;
comment on role supabase_auth_admin is 'GoTrue''s role: auth hooks (pg-functions://) run as it.';
