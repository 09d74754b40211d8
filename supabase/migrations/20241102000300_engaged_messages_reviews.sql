-- App: messages and reviews follow the deal's statuses. A conversation stays open through every
-- step of the deal (send_message from 20240401001100, with its status check now
-- private.engaged_statuses()); reviews open once the money is released (approved, released
-- automatically, or by an operator's decision), no longer only after the worker confirmed a
-- payment (leave_review from 20240401001000). Nothing else in either function changed.
-- Forward-only; safe to re-run.

create or replace function public.send_message(p_application_id uuid, p_body text) returns public.application_messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('send a message');
  v_app public.applications := private.party_application(p_application_id, v_uid);
  v_message public.application_messages;
  v_recipient uuid;
  v_pending bigint;
begin
  if v_app.status <> 'applied' and not v_app.status = any (private.engaged_statuses()) then
    raise exception 'This conversation is closed' using errcode = 'N4005', detail = format('The application is %s.', v_app.status);
  end if;
  if p_body is null or btrim(p_body) = '' then
    raise exception 'Write a message' using errcode = '22023';
  end if;
  if char_length(btrim(p_body)) > 2000 then
    raise exception 'A message must be at most 2000 characters' using errcode = '22023';
  end if;
  insert into public.application_messages (application_id, sender_id, body) values (v_app.id, v_uid, btrim(p_body)) returning * into v_message;
  insert into public.application_reads (application_id, user_id, last_read_at) values (v_app.id, v_uid, now())
  on conflict (application_id, user_id) do update set last_read_at = excluded.last_read_at;

  -- One email per burst: extend the pending one if there is one, else queue one for later.
  v_recipient := case when v_uid = v_app.worker_id then v_app.poster_id else v_app.worker_id end;
  select o.id into v_pending from private.notification_outbox o
   where o.recipient_id = v_recipient and o.kind = 'new_message' and o.delivered_at is null and o.payload ->> 'application_id' = v_app.id::text
   limit 1 for update;
  if v_pending is not null then
    update private.notification_outbox set payload = payload || jsonb_build_object('last_message_at', v_message.created_at) where id = v_pending;
  elsif coalesce((select email_enabled from public.notification_preferences where user_id = v_recipient), true) then
    insert into private.notification_outbox (recipient_id, kind, payload, deliver_after)
    select v_recipient, 'new_message', jsonb_build_object('application_id', v_app.id, 'gig_id', g.id, 'gig_title', g.title,
             'sender_name', coalesce(nullif(p.full_name, ''), p.username, 'A Need40 member'), 'last_message_at', v_message.created_at),
           now() + interval '10 minutes'
    from public.gigs g, public.profiles p where g.id = v_app.gig_id and p.id = v_uid;
  end if;
  return v_message;
end
$$;
comment on function public.send_message(uuid, text) is 'A party of an application (applied, or engaged in its deal) writes to the other (1–2000 characters); the recipient gets a debounced email.';

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
  if v_app.status not in ('released', 'paid_out', 'paid') then
    raise exception 'Reviews open once the money is released' using errcode = 'N4009';
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
comment on function public.leave_review(uuid, integer, text) is 'A party of a deal whose money was released reviews the other party once (1–5, at most 1000 characters).';
