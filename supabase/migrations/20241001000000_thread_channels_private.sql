-- App: the live channel of a message thread, `thread:<application id>` ("online" presence and
-- "typing…" broadcasts between the application's worker and poster), is a private channel
-- (`supabase.channel(topic, { config: { private: true } })`). Realtime authorises a private channel
-- by row-level security on realtime.messages for realtime.topic(): select to join and receive,
-- insert to broadcast or track presence. These policies let the two parties of the application
-- do both and nobody else: knowing an application's id (public reviews carry it) no longer lets
-- anyone read or forge a thread's presence and typing. The topic is matched before its id is cast,
-- so any other topic is simply not a thread (no error). One function states who is a party; both
-- policies call it. Written as on hosted Supabase, where it applies unchanged. Forward-only; safe
-- to re-run.

create or replace function private.is_thread_party(p_topic text) returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from public.applications a
    where a.id = (case when p_topic ~* '^thread:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                       then substr(p_topic, 8)::uuid end)
      and (select auth.uid()) in (a.worker_id, a.poster_id)
  )
$$;
comment on function private.is_thread_party(text) is
  'True when the topic is thread:<application id> and the caller is that application''s worker or poster (read under the caller''s own row-level security).';
revoke all on function private.is_thread_party(text) from public;
grant execute on function private.is_thread_party(text) to authenticated;

drop policy if exists thread_parties_read on realtime.messages;
create policy thread_parties_read on realtime.messages
  for select to authenticated
  using (extension in ('broadcast', 'presence') and (select private.is_thread_party(realtime.topic())));
comment on policy thread_parties_read on realtime.messages is
  'Private thread channels (thread:<application id>): only the worker and the poster of the application may join and receive presence and broadcasts.';

drop policy if exists thread_parties_write on realtime.messages;
create policy thread_parties_write on realtime.messages
  for insert to authenticated
  with check (extension in ('broadcast', 'presence') and (select private.is_thread_party(realtime.topic())));
comment on policy thread_parties_write on realtime.messages is
  'Private thread channels (thread:<application id>): only the worker and the poster of the application may broadcast (typing) and track presence (online).';
