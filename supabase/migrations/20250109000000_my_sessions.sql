-- The member's own sign-in sessions, for the security page (see and end the others). GoTrue has no
-- endpoint that lists a user's sessions, so the list is read from auth.sessions by this function,
-- which works the same on the project's backend and on hosted Supabase (where auth.sessions exists
-- and the migrating role, postgres, may read it). Ending sessions stays with the auth server
-- (supabase-js signOut({ scope: 'others' })): this function only reads.

create or replace function public.my_sessions()
returns table (id uuid, created_at timestamptz, last_active_at timestamptz, user_agent text, ip text, aal text, is_current boolean)
language sql
stable
security definer
set search_path = ''
as $$
  -- On hosted Supabase refreshed_at is `timestamp` (no time zone) and ip is inet (whose text form
  -- carries /32): the casts read both that and this backend's timestamptz and text.
  select s.id, s.created_at,
         greatest(s.created_at, s.refreshed_at::timestamptz, s.updated_at) as last_active_at,
         left(s.user_agent, 300), regexp_replace(s.ip::text, '/(32|128)$', ''), s.aal::text,
         s.id::text is not distinct from (auth.jwt() ->> 'session_id') as is_current
    from auth.sessions s
   where s.user_id = (select auth.uid())
   order by 3 desc, s.id
   limit 100
$$;
comment on function public.my_sessions() is 'The caller''s own sessions (newest activity first, at most 100): when each began and was last active, its browser and address, its assurance level, and which one is the calling session. Nobody else''s rows; a visitor gets none.';
revoke all on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;
