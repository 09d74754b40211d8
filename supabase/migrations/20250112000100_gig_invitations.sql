-- App: a poster invites a worker to apply to one of their open gigs.
--   * public.gig_invitations: one row per gig and worker; the poster and the worker read it (the
--     worker's gig page says "You were invited to apply"); written only by invite_to_apply().
--   * invite_to_apply(): only the gig's poster, only an open gig, not themselves, one invitation per
--     gig and worker, not to someone who already applied, at most 50 a day per poster. The worker
--     hears of it in the notification centre (kind invite) and by email (outbox kind
--     gig_invitation, unless they turned emails off).
-- Forward-only; safe to re-run.

create table if not exists public.gig_invitations (
  id uuid primary key default gen_random_uuid(),
  gig_id uuid not null references public.gigs (id) on delete cascade,
  poster_id uuid not null references public.profiles (id) on delete cascade,
  worker_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint gig_invitations_one_per_worker unique (gig_id, worker_id),
  constraint gig_invitations_not_self check (worker_id <> poster_id)
);
comment on table public.gig_invitations is
  'A poster''s invitation to a worker to apply to one of their open gigs (one per gig and worker). Read by the poster and the worker; written only by invite_to_apply().';
create index if not exists gig_invitations_worker_idx on public.gig_invitations (worker_id, created_at desc);
create index if not exists gig_invitations_poster_idx on public.gig_invitations (poster_id, created_at desc);

alter table public.gig_invitations enable row level security;
revoke all on table public.gig_invitations from public, anon, authenticated, service_role;
grant select on table public.gig_invitations to authenticated;
grant select, insert, update, delete on table public.gig_invitations to service_role;
drop policy if exists gig_invitations_select_parties on public.gig_invitations;
create policy gig_invitations_select_parties on public.gig_invitations for select to authenticated
  using (poster_id = (select auth.uid()) or worker_id = (select auth.uid()));
drop policy if exists gig_invitations_require_aal2 on public.gig_invitations;
create policy gig_invitations_require_aal2 on public.gig_invitations as restrictive for all to authenticated
  using ((select private.aal_satisfied()));

-- The outbox learns the new email kind, keeping every kind other migrations added (read from the
-- constraint as it stands, so the order in which migrations add kinds does not matter).
create or replace function private.outbox_allow_kinds(p_kinds text[]) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_def text;
  v_kinds text[];
begin
  select pg_get_constraintdef(c.oid) into v_def from pg_constraint c
   where c.conrelid = 'private.notification_outbox'::regclass and c.conname = 'notification_outbox_kind_check';
  v_kinds := coalesce(array(select (regexp_matches(v_def, '''([a-z_]+)''', 'g'))[1]), '{}'::text[])
          || coalesce(array(select k from regexp_split_to_table(substring(v_def from '\{([a-z_,]*)\}'), ',') k where k <> ''), '{}'::text[]);
  select array_agg(distinct k order by k) into v_kinds from unnest(v_kinds || p_kinds) k where k ~ '^[a-z_]+$';
  alter table private.notification_outbox drop constraint if exists notification_outbox_kind_check;
  execute format('alter table private.notification_outbox add constraint notification_outbox_kind_check check (kind = any (%L::text[]))', v_kinds);
end
$$;
comment on function private.outbox_allow_kinds(text[]) is 'Migrations: adds email kinds to the outbox''s kind check, keeping the kinds it already allows.';
revoke all on function private.outbox_allow_kinds(text[]) from public;
select private.outbox_allow_kinds(array['gig_invitation']);

create or replace function public.invite_to_apply(p_gig_id uuid, p_worker_id uuid)
returns public.gig_invitations
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('invite a worker');
  v_gig public.gigs;
  v_invitation public.gig_invitations;
begin
  if p_gig_id is null then
    raise exception 'Which gig? p_gig_id is required' using errcode = '22023';
  end if;
  if p_worker_id is null then
    raise exception 'Whom are you inviting? p_worker_id is required' using errcode = '22023';
  end if;
  select g.* into v_gig from public.gigs g where g.id = p_gig_id and g.hidden_at is null;
  if v_gig.id is null then
    raise exception 'This gig does not exist or was removed' using errcode = 'N4001';
  end if;
  if v_gig.user_id <> v_uid then
    raise exception 'Only the gig''s poster can invite workers to it' using errcode = '42501';
  end if;
  if v_gig.status <> 'active' then
    raise exception 'This gig is no longer open for applications' using errcode = 'N4002', detail = format('The gig is %s.', v_gig.status);
  end if;
  if p_worker_id = v_uid then
    raise exception 'You cannot invite yourself to your own gig' using errcode = '22023';
  end if;
  if not exists (
    select 1 from public.profiles p join auth.users u on u.id = p.id
     where p.id = p_worker_id and u.deleted_at is null and not u.is_anonymous and (u.banned_until is null or u.banned_until <= now())
  ) then
    raise exception 'There is no such member to invite' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.applications a where a.gig_id = p_gig_id and a.worker_id = p_worker_id and a.status <> 'withdrawn') then
    raise exception 'This member has already applied to this gig' using errcode = '23505';
  end if;
  if exists (select 1 from public.gig_invitations i where i.gig_id = p_gig_id and i.worker_id = p_worker_id) then
    raise exception 'You have already invited this member to this gig' using errcode = '23505';
  end if;
  if (select count(*) from (select 1 from public.gig_invitations i where i.poster_id = v_uid and i.created_at > now() - interval '1 day' limit 50) s) >= 50 then
    raise exception 'You have sent 50 invitations today: please try again tomorrow' using errcode = 'PT429';
  end if;

  insert into public.gig_invitations (gig_id, poster_id, worker_id) values (p_gig_id, v_uid, p_worker_id)
  returning * into v_invitation;
  insert into public.notifications (recipient_id, kind, gig_id, gig_title, actor_name)
  values (p_worker_id, 'invite', v_gig.id, v_gig.title, private.display_name(v_uid));
  perform private.enqueue_notification(p_worker_id, 'gig_invitation',
    jsonb_build_object('gig_id', v_gig.id, 'gig_title', v_gig.title, 'poster_name', private.display_name(v_uid)));
  return v_invitation;
end
$$;
comment on function public.invite_to_apply(uuid, uuid) is
  'The poster of an open gig invites a member to apply to it: one invitation per gig and worker, not themselves, not someone who applied already, 50 a day. The worker is notified (notification kind invite, email gig_invitation).';
revoke all on function public.invite_to_apply(uuid, uuid) from public;
grant execute on function public.invite_to_apply(uuid, uuid) to anon, authenticated, service_role;
