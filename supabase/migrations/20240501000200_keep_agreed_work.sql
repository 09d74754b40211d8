-- App: a gig whose applicant was accepted can no longer be deleted by its poster: deleting it would
-- take the worker's application, payment record, messages and reviews with it (a poster could
-- erase a bad review that way). Such a gig stays, filled; an open gig can still be deleted.
-- Forward-only; safe to re-run.

create or replace function private.gigs_keep_agreed_work() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.applications a where a.gig_id = old.id and a.status in ('accepted', 'paid')) then
    raise exception 'This gig has an accepted applicant and can no longer be deleted' using errcode = 'N4010';
  end if;
  return old;
end
$$;
comment on function private.gigs_keep_agreed_work() is 'Trigger: refuses to delete a gig that has an accepted or paid application.';
revoke all on function private.gigs_keep_agreed_work() from public;

drop trigger if exists gigs_keep_agreed_work on public.gigs;
create trigger gigs_keep_agreed_work
  before delete on public.gigs
  for each row execute function private.gigs_keep_agreed_work();

-- A member's rating follows their reviews when one goes away (an account deleted with its work).
create or replace function private.member_ratings_recount() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.member_ratings m
     set review_count = (select count(*) from public.reviews r where r.reviewee_id = old.reviewee_id),
         average_rating = (select round(avg(r.rating), 2) from public.reviews r where r.reviewee_id = old.reviewee_id)
   where m.user_id = old.reviewee_id;
  return null;
end
$$;
comment on function private.member_ratings_recount() is 'Trigger: recounts the reviewee''s rating after a review is deleted.';
revoke all on function private.member_ratings_recount() from public;

drop trigger if exists reviews_recount on public.reviews;
create trigger reviews_recount
  after delete on public.reviews
  for each row execute function private.member_ratings_recount();
