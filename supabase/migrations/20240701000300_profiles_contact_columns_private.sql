-- App: a member's contact email and phone are no longer readable through the profiles table.
-- Profiles stay public (the grid's poster, public profiles), but until now `select` covered every
-- column, so anyone could read contact_email and contact_phone with one request. From here on
-- anon and authenticated may select every column except those two; the owner and the people who
-- share an accepted application with them read them through public.contact_details(), a
-- SECURITY DEFINER function. The owner still updates them (the update grant is unchanged).
-- A column added to profiles later is private until a later migration grants select on it.
-- Forward-only; safe to re-run; applies unchanged to a hosted Supabase project.

revoke select on table public.profiles from anon, authenticated;
grant select (id, username, avatar_url, full_name, title, bio, skills, hourly_rate, hours_per_week,
  preferred_hours, timezone, experience, portfolio, linkedin_url, github_url, created_at, updated_at)
  on table public.profiles to anon, authenticated;

comment on table public.profiles is
  'One worker profile per auth user (id = auth.users.id), created by the on_auth_user_created trigger. Public-readable except contact_email and contact_phone (read through contact_details()); the owner updates their own row.';
