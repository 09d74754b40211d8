-- App: a gig's lifecycle. 'active' keeps its meaning (open: listed, takes applications; the $600
-- path creates gigs in it); 'filled' once the poster accepts an applicant; 'closed' when the poster
-- closes it without choosing. Only the marketplace functions move a gig between them (clients hold
-- no privilege on status). applicant_count is public so cards can show it without exposing who
-- applied; the same functions keep it equal to the gig's applications that are not withdrawn.
-- Forward-only; safe to re-run.

alter table public.gigs drop constraint if exists gigs_status_check;
alter table public.gigs add constraint gigs_status_check check (status in ('active', 'filled', 'closed'));

alter table public.gigs add column if not exists applicant_count integer not null default 0;
alter table public.gigs drop constraint if exists gigs_applicant_count_range;
alter table public.gigs add constraint gigs_applicant_count_range check (applicant_count >= 0);

comment on column public.gigs.status is
  'active = open (listed, takes applications), filled = an applicant was accepted, closed = closed by the poster without choosing. Changed only by accept_application() and close_gig().';
comment on column public.gigs.applicant_count is
  'Applications to this gig that are not withdrawn; maintained by the marketplace functions (public, so cards show it without exposing applications).';

-- "My gigs" (a poster's gigs, newest first) and the open grid (newest open gigs first).
create index if not exists gigs_user_id_created_at_idx on public.gigs (user_id, created_at desc, id);
create index if not exists gigs_open_created_at_idx on public.gigs (created_at desc, id) where status = 'active';
