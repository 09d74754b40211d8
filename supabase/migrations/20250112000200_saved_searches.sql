-- App: saved searches of Latest Gigs, and the alert when a new gig matches one.
--   * public.saved_searches: a member's named filters of the grid (the filters as data, checked by
--     private.gig_filters_valid), at most 10 per member, daily or weekly alerts. The member reads,
--     saves and deletes their own rows (row-level security), nobody else's.
--   * private.run_saved_searches(now): a job of the backend's job runner (SQL_JOBS; pg_cron on
--     hosted Supabase). For each due search it counts the open gigs posted since it last looked
--     that match, and when there are any it writes one notification (kind saved_search) and queues
--     one email (outbox kind saved_search, at most 5 gigs listed), then waits a day (or a week)
--     before the next alert of that search. A search with nothing new stays due and is looked at
--     again next run, oldest-looked-at first. One runner at a time (a transaction-scoped advisory
--     lock is the lease); each search moves on in the same transaction as its alert, so a run
--     repeated at the same time sends nothing twice.
-- Forward-only; safe to re-run.

-- The grid's filters as saved: {search, paymentType, location, minRate, maxRate, skills}, each optional.
create or replace function private.gig_filters_valid(f jsonb) returns boolean
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  -- Each type is checked before the value is read as that type (a cast of the wrong type would
  -- raise instead of answering false).
  if f is null or jsonb_typeof(f) <> 'object' then
    return false;
  end if;
  if exists (select 1 from jsonb_object_keys(f) k where k not in ('search', 'paymentType', 'location', 'minRate', 'maxRate', 'skills')) then
    return false;
  end if;
  if f ? 'search' and (jsonb_typeof(f -> 'search') <> 'string' or char_length(f ->> 'search') not between 1 and 200) then
    return false;
  end if;
  if f ? 'paymentType' and (jsonb_typeof(f -> 'paymentType') <> 'string' or f ->> 'paymentType' not in ('hourly', 'fixed')) then
    return false;
  end if;
  if f ? 'location' and (jsonb_typeof(f -> 'location') <> 'string' or f ->> 'location' not in ('remote', 'onsite', 'hybrid')) then
    return false;
  end if;
  if f ? 'minRate' and (jsonb_typeof(f -> 'minRate') <> 'number' or (f ->> 'minRate')::numeric not between 0 and 1000000) then
    return false;
  end if;
  if f ? 'maxRate' and (jsonb_typeof(f -> 'maxRate') <> 'number' or (f ->> 'maxRate')::numeric not between 0 and 1000000) then
    return false;
  end if;
  if f ? 'skills' then
    if jsonb_typeof(f -> 'skills') <> 'array' or jsonb_array_length(f -> 'skills') not between 1 and 20 then
      return false;
    end if;
    if exists (select 1 from jsonb_array_elements(f -> 'skills') s where jsonb_typeof(s) <> 'string' or char_length(s #>> '{}') not between 1 and 100) then
      return false;
    end if;
  end if;
  return true;
end
$$;
comment on function private.gig_filters_valid(jsonb) is 'A saved search''s filters are the grid''s: search (text), paymentType, location, minRate, maxRate (0–1000000), skills (1–20 texts); nothing else.';
revoke all on function private.gig_filters_valid(jsonb) from public;
-- Checked in a constraint: whoever writes a row evaluates it.
grant execute on function private.gig_filters_valid(jsonb) to anon, authenticated, service_role;

create table if not exists public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null,
  filters jsonb not null default '{}'::jsonb,
  frequency text not null default 'daily',
  created_at timestamptz not null default now(),
  checked_at timestamptz not null default now(),
  next_alert_at timestamptz not null default now(),
  constraint saved_searches_name_length check (btrim(name) <> '' and char_length(name) <= 80),
  constraint saved_searches_filters_valid check (private.gig_filters_valid(filters)),
  constraint saved_searches_frequency_check check (frequency in ('daily', 'weekly'))
);
comment on table public.saved_searches is
  'A member''s saved filters of Latest Gigs (at most 10): the job private.run_saved_searches alerts them (notification and email) when new gigs match, at most daily (or weekly). The member reads, saves and deletes their own.';
comment on column public.saved_searches.checked_at is 'Gigs posted up to this instant have been looked at (set by the job).';
comment on column public.saved_searches.next_alert_at is 'No alert before this instant: the last alert plus a day (daily) or a week (weekly). Set by the job.';
create index if not exists saved_searches_user_idx on public.saved_searches (user_id, created_at desc, id);
create index if not exists saved_searches_due_idx on public.saved_searches (checked_at, id);

alter table public.saved_searches enable row level security;
revoke all on table public.saved_searches from public, anon, authenticated, service_role;
grant select, delete on table public.saved_searches to authenticated;
grant insert (name, filters, frequency) on table public.saved_searches to authenticated;
grant select, insert, update, delete on table public.saved_searches to service_role;

drop policy if exists saved_searches_select_own on public.saved_searches;
create policy saved_searches_select_own on public.saved_searches for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists saved_searches_insert_own on public.saved_searches;
create policy saved_searches_insert_own on public.saved_searches for insert to authenticated
  with check (user_id = (select auth.uid()));
drop policy if exists saved_searches_delete_own on public.saved_searches;
create policy saved_searches_delete_own on public.saved_searches for delete to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists saved_searches_insert_members_only on public.saved_searches;
create policy saved_searches_insert_members_only on public.saved_searches as restrictive for insert to authenticated
  with check ((select private.member_may_write('save a search')));
drop policy if exists saved_searches_delete_members_only on public.saved_searches;
create policy saved_searches_delete_members_only on public.saved_searches as restrictive for delete to authenticated
  using ((select private.member_may_write('delete a saved search')));
drop policy if exists saved_searches_require_aal2 on public.saved_searches;
create policy saved_searches_require_aal2 on public.saved_searches as restrictive for all to authenticated
  using ((select private.aal_satisfied()));

-- At most 10 per member; the lock makes two saves at once count each other.
create or replace function private.saved_searches_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('need40.saved_searches:' || new.user_id::text));
  if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= 10 then
    raise exception 'You can save at most 10 searches: delete one first' using errcode = 'PT409';
  end if;
  new.checked_at := now();
  new.next_alert_at := now();
  new.created_at := now();
  return new;
end
$$;
comment on function private.saved_searches_limit() is 'Before a search is saved: at most 10 per member (PT409); its clock fields are the server''s.';
revoke all on function private.saved_searches_limit() from public;
drop trigger if exists saved_searches_limit on public.saved_searches;
create trigger saved_searches_limit before insert on public.saved_searches
  for each row execute function private.saved_searches_limit();

select private.outbox_allow_kinds(array['saved_search']);

-- Does the gig pass the saved filters? The grid's rules: title contains the text (any case), the
-- same payment type and location, the rate within the range, every skill among the gig's (any case).
create or replace function private.gig_matches(g public.gigs, f jsonb) returns boolean
language sql stable set search_path = '' as $$
  select (not f ? 'search' or strpos(lower(g.title), lower(f ->> 'search')) > 0)
    and (not f ? 'paymentType' or g.payment_type = f ->> 'paymentType')
    and (not f ? 'location' or g.location = f ->> 'location')
    and (not f ? 'minRate' or g.rate >= (f ->> 'minRate')::numeric)
    and (not f ? 'maxRate' or g.rate <= (f ->> 'maxRate')::numeric)
    and (not f ? 'skills' or g.skills @> array(select s::public.citext from jsonb_array_elements_text(f -> 'skills') s))
$$;
comment on function private.gig_matches(public.gigs, jsonb) is 'True when the gig passes a saved search''s filters (the grid''s rules).';
revoke all on function private.gig_matches(public.gigs, jsonb) from public;

create or replace function private.run_saved_searches(p_now timestamptz default now()) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_search public.saved_searches;
  v_count integer;
  v_gigs jsonb;
  v_looked integer := 0;
  v_alerts integer := 0;
begin
  if p_now is null then
    raise exception 'The job needs the time' using errcode = '22023';
  end if;
  if not pg_try_advisory_xact_lock(hashtext('need40.saved_searches')) then
    return jsonb_build_object('skipped', 'another runner holds the lease');
  end if;

  for v_search in
    select s.* from public.saved_searches s
     where s.next_alert_at <= p_now and s.checked_at < p_now
     order by s.checked_at, s.id
     limit 500
  loop
    -- At most 100 new gigs counted per search and run; the newest five named in the email.
    select count(*)::integer, coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'title', m.title) order by m.created_at desc, m.id) filter (where m.n <= 5), '[]'::jsonb)
      into v_count, v_gigs
      from (
        select g.id, g.title, g.created_at, row_number() over (order by g.created_at desc, g.id) as n
          from public.gigs g
         where g.status = 'active' and g.hidden_at is null and g.user_id <> v_search.user_id
           and g.created_at > v_search.checked_at and g.created_at <= p_now
           and private.gig_matches(g, v_search.filters)
         order by g.created_at desc, g.id
         limit 100
      ) m;
    v_looked := v_looked + 1;
    if v_count > 0 then
      insert into public.notifications (recipient_id, kind, gig_id, gig_title, actor_name, count)
      values (v_search.user_id, 'saved_search', (v_gigs -> 0 ->> 'id')::uuid, v_gigs -> 0 ->> 'title', v_search.name, v_count);
      perform private.enqueue_notification(v_search.user_id, 'saved_search',
        jsonb_build_object('search_id', v_search.id, 'search_name', v_search.name, 'count', v_count, 'gigs', v_gigs,
          'gig_id', v_gigs -> 0 ->> 'id', 'gig_title', v_gigs -> 0 ->> 'title'));
      update public.saved_searches
         set checked_at = p_now, next_alert_at = p_now + case when frequency = 'weekly' then interval '7 days' else interval '1 day' end
       where id = v_search.id;
      v_alerts := v_alerts + 1;
    else
      update public.saved_searches set checked_at = p_now where id = v_search.id;
    end if;
  end loop;
  return jsonb_build_object('searches', v_looked, 'alerts', v_alerts);
end
$$;
comment on function private.run_saved_searches(timestamptz) is
  'The saved-search alerts (a job every few minutes): for each due search, the open gigs posted since it last looked that match; one notification and one email when there are any, then none before a day (or a week). One runner at a time; idempotent.';
revoke all on function private.run_saved_searches(timestamptz) from public;
