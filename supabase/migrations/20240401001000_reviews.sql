-- App: reviews that can't be faked. Once the worker has confirmed the payment (the application is
-- paid), each party may review the other once for that application: 1–5 and a short text.
-- Reviews and each member's average are public (profiles, cards, applicant lists show them);
-- only leave_review() writes them. Forward-only; safe to re-run.

create table if not exists public.reviews (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null,
  reviewer_id uuid not null,
  reviewee_id uuid not null,
  rating integer not null,
  body text,
  created_at timestamptz not null default now(),
  constraint reviews_application_id_fkey foreign key (application_id) references public.applications (id) on delete cascade,
  constraint reviews_reviewer_id_fkey foreign key (reviewer_id) references public.profiles (id) on delete cascade,
  constraint reviews_reviewee_id_fkey foreign key (reviewee_id) references public.profiles (id) on delete cascade,
  constraint reviews_one_per_side unique (application_id, reviewer_id),
  constraint reviews_not_self check (reviewer_id <> reviewee_id),
  constraint reviews_rating_range check (rating between 1 and 5),
  constraint reviews_body_length check (char_length(body) <= 1000)
);
comment on table public.reviews is 'One review per side per paid application (1–5 and a short text). Public; written only by leave_review().';

create index if not exists reviews_reviewee_id_created_at_idx on public.reviews (reviewee_id, created_at desc);

-- Each member's review count and average, kept by leave_review(); embeddable from profiles.
create table if not exists public.member_ratings (
  user_id uuid primary key,
  review_count integer not null default 0,
  average_rating numeric(3, 2),
  constraint member_ratings_user_id_fkey foreign key (user_id) references public.profiles (id) on delete cascade
);
comment on table public.member_ratings is 'A member''s review count and average rating (public), kept by leave_review().';

alter table public.reviews enable row level security;
alter table public.member_ratings enable row level security;
revoke all on table public.reviews from anon, authenticated, service_role;
revoke all on table public.member_ratings from anon, authenticated, service_role;
grant select on table public.reviews, public.member_ratings to anon, authenticated;
grant select, insert, update, delete on table public.reviews, public.member_ratings to service_role;

drop policy if exists reviews_select_all on public.reviews;
create policy reviews_select_all on public.reviews for select to anon, authenticated using (true);
drop policy if exists member_ratings_select_all on public.member_ratings;
create policy member_ratings_select_all on public.member_ratings for select to anon, authenticated using (true);

create or replace function public.leave_review(p_application_id uuid, p_rating integer, p_body text default null) returns public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('leave a review');
  v_app public.applications;
  v_review public.reviews;
begin
  select a.* into v_app from public.applications a where a.id = p_application_id for update;
  if v_app.id is null or v_uid not in (v_app.worker_id, v_app.poster_id) then
    raise exception 'Application not found' using errcode = 'N4004';
  end if;
  if v_app.status <> 'paid' then
    raise exception 'Reviews open once the worker has confirmed the payment' using errcode = 'N4009';
  end if;
  if p_rating is null or p_rating < 1 or p_rating > 5 then
    raise exception 'The rating must be a whole number from 1 to 5' using errcode = '22023';
  end if;
  if char_length(p_body) > 1000 then
    raise exception 'The review must be at most 1000 characters' using errcode = '22023';
  end if;
  begin
    insert into public.reviews (application_id, reviewer_id, reviewee_id, rating, body)
    values (v_app.id, v_uid, case when v_uid = v_app.worker_id then v_app.poster_id else v_app.worker_id end, p_rating, nullif(btrim(p_body), ''))
    returning * into v_review;
  exception when unique_violation then
    raise exception 'You have already reviewed this work' using errcode = '23505';
  end;
  insert into public.member_ratings (user_id, review_count, average_rating)
  select v_review.reviewee_id, count(*), round(avg(r.rating), 2) from public.reviews r where r.reviewee_id = v_review.reviewee_id
  on conflict (user_id) do update set review_count = excluded.review_count, average_rating = excluded.average_rating;
  return v_review;
end
$$;
comment on function public.leave_review(uuid, integer, text) is 'A party of a paid application reviews the other party once (1–5, at most 1000 characters).';
revoke all on function public.leave_review(uuid, integer, text) from public;
grant execute on function public.leave_review(uuid, integer, text) to anon, authenticated, service_role;
