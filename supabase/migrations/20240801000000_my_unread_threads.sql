-- App: the caller's threads with unread messages, over ALL of their applications on either side.
-- A client that first lists its applications and then asks unread_message_counts(ids) about them
-- can only ask about so many (the newest 500), so an unread message in an older thread never
-- showed. Here the database walks the member's own applications instead: one index probe per
-- application (worker_id / poster_id indexes, then the read marker's primary key and the messages'
-- (application_id, created_at) index from the marker on). Forward-only; safe to re-run.

create or replace function public.my_unread_threads(p_limit integer default 500)
returns table (application_id uuid, gig_id uuid, unread bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'The limit must be between 1 and 1000 threads' using errcode = '22023';
  end if;
  -- Runs under the caller's row-level security: only their applications, their read markers and
  -- the messages of their threads are visible; a session without a member sees no thread.
  if v_uid is null then
    return;
  end if;
  return query
    select a.id, a.gig_id, u.unread
    from public.applications a
    left join public.application_reads r on r.application_id = a.id and r.user_id = v_uid
    cross join lateral (
      select count(*) as unread, max(m.created_at) as newest
      from public.application_messages m
      where m.application_id = a.id
        and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
        and m.sender_id <> v_uid
    ) u
    where (a.worker_id = v_uid or a.poster_id = v_uid) and u.unread > 0
    order by u.newest desc, a.id
    limit p_limit;
end
$$;
comment on function public.my_unread_threads(integer) is
  'The caller''s applications (as worker or poster) with messages from the other party after their read marker: application, gig and how many; newest unread first, at most p_limit (1–1000) rows.';

revoke all on function public.my_unread_threads(integer) from public, anon;
grant execute on function public.my_unread_threads(integer) to authenticated, service_role;
