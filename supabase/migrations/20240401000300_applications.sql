-- App: applications of workers to gigs, and their event trail. A worker reads their own
-- applications, a poster the applications to their gigs, nobody else either. Clients hold no
-- write privilege at all: every change goes through the marketplace functions (apply_to_gig,
-- withdraw_application, accept_application, decline_application, close_gig), which check who may
-- do what and write the event row in the same transaction. Forward-only; safe to re-run.

create table if not exists public.applications (
  id uuid primary key default gen_random_uuid(),
  gig_id uuid not null,
  worker_id uuid not null,
  -- The gig's poster, copied at apply time (a gig never changes hands): row-level security and
  -- the poster's dashboard read it without a join.
  poster_id uuid not null,
  message text not null,
  proposed_rate numeric,
  available_from date,
  status text not null default 'applied',
  -- The courteous notice a declined or closed application carries (written by the database).
  decline_notice text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint applications_gig_id_fkey foreign key (gig_id) references public.gigs (id) on delete cascade,
  constraint applications_worker_id_fkey foreign key (worker_id) references public.profiles (id) on delete cascade,
  constraint applications_poster_id_fkey foreign key (poster_id) references public.profiles (id) on delete cascade,
  constraint applications_one_per_worker unique (gig_id, worker_id),
  constraint applications_not_own_gig check (worker_id <> poster_id),
  constraint applications_message_length check (btrim(message) <> '' and char_length(message) <= 2000),
  constraint applications_proposed_rate_range check (proposed_rate > 0 and proposed_rate <= 1000000),
  constraint applications_status_check check (status in ('applied', 'accepted', 'declined', 'withdrawn', 'closed')),
  constraint applications_decline_notice_length check (char_length(decline_notice) <= 500)
);
comment on table public.applications is
  'A worker''s application to a gig (status applied → accepted | declined | withdrawn | closed). Read by the worker and the gig''s poster; changed only by the marketplace functions.';

-- "Applicants of one gig", "my applications", and everything sent to a poster, newest first.
create index if not exists applications_gig_id_created_at_idx on public.applications (gig_id, created_at desc, id);
create index if not exists applications_worker_id_created_at_idx on public.applications (worker_id, created_at desc, id);
create index if not exists applications_poster_id_created_at_idx on public.applications (poster_id, created_at desc, id);

alter table public.applications enable row level security;
revoke all on table public.applications from anon, authenticated, service_role;
grant select on table public.applications to authenticated;
grant select, insert, update, delete on table public.applications to service_role;

drop policy if exists applications_select_parties on public.applications;
create policy applications_select_parties on public.applications
  for select to authenticated
  using (worker_id = (select auth.uid()) or poster_id = (select auth.uid()));

drop policy if exists applications_require_aal2 on public.applications;
create policy applications_require_aal2 on public.applications
  as restrictive
  to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors
      where (select auth.uid()) = user_id and status = 'verified'
    )
  );

create table if not exists public.application_events (
  id bigint generated always as identity primary key,
  application_id uuid not null,
  transition text not null,
  from_status text not null,
  to_status text not null,
  actor_role text not null,
  -- Who fired it (for a system transition: the person whose action caused it).
  actor_id uuid,
  created_at timestamptz not null default now(),
  constraint application_events_application_id_fkey foreign key (application_id) references public.applications (id) on delete cascade,
  constraint application_events_actor_id_fkey foreign key (actor_id) references public.profiles (id) on delete set null,
  constraint application_events_actor_role_check check (actor_role in ('worker', 'poster', 'system'))
);
comment on table public.application_events is
  'Append-only trail of every application transition, written in the same transaction as the change. Readable by the application''s two parties.';

create index if not exists application_events_application_id_idx on public.application_events (application_id, id);

alter table public.application_events enable row level security;
revoke all on table public.application_events from anon, authenticated, service_role;
grant select on table public.application_events to authenticated;
grant select on table public.application_events to service_role;

-- The parties of the application (the subquery runs under the applications policies).
drop policy if exists application_events_select_parties on public.application_events;
create policy application_events_select_parties on public.application_events
  for select to authenticated
  using (exists (select 1 from public.applications a where a.id = application_id));

drop policy if exists application_events_require_aal2 on public.application_events;
create policy application_events_require_aal2 on public.application_events
  as restrictive
  to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors
      where (select auth.uid()) = user_id and status = 'verified'
    )
  );
