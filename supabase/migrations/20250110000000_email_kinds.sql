-- App: an email for every event a member must act on or would want to know, and each kind of email
-- switchable on its own.
--   * gig_closed: a pending applicant hears that the gig closed without them (the poster closed it,
--     or removed it) — the application process's 'close' step now names an email, as 'decline' does.
--   * review_posted: the member reviewed hears of the review (after insert on public.reviews).
--   * notification_preferences.email_off: the kinds of email the member turned off, each on its own
--     (email_enabled stays the switch for all of them). The deliverer checks both at delivery, and a
--     List-Unsubscribe link can turn one kind off (app-server/src/notifications/unsubscribe.ts).
-- A new kind of email: add it to notification_outbox_kind_check below (in a new migration), and, if
-- a member may turn it off, to notification_preferences_email_off_kinds and to the profile's list
-- (mf-profile/src/features/notifications/kinds.ts). Safe to re-run.

alter table private.notification_outbox drop constraint if exists notification_outbox_kind_check;
alter table private.notification_outbox add constraint notification_outbox_kind_check check (kind in (
  'new_application', 'application_accepted', 'application_declined', 'application_withdrawn', 'new_message',
  'deal_update', 'payment_receipt', 'gig_closed', 'review_posted',
  'account_suspended', 'member_warning', 'gig_hidden', 'gig_restored', 'report_resolved'));

update private.application_process set notify = 'gig_closed' where transition = 'close' and notify is distinct from 'gig_closed';

alter table public.notification_preferences add column if not exists email_off text[] not null default '{}';
alter table public.notification_preferences drop constraint if exists notification_preferences_email_off_kinds;
alter table public.notification_preferences add constraint notification_preferences_email_off_kinds check (
  email_off <@ array['new_application', 'application_accepted', 'application_declined', 'application_withdrawn',
    'new_message', 'gig_closed', 'review_posted', 'deal_update', 'payment_receipt']::text[]
  and cardinality(email_off) <= 32);
comment on column public.notification_preferences.email_off is
  'The kinds of notification email the member turned off, each on its own (email_enabled turns all off). Account and moderation notices are not switchable.';
grant update (email_off) on table public.notification_preferences to authenticated;

create or replace function private.notify_review_email() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.enqueue_notification(new.reviewee_id, 'review_posted',
    jsonb_build_object('application_id', new.application_id, 'review_id', new.id, 'reviewee_id', new.reviewee_id,
      'rating', new.rating,
      'gig_id', (select a.gig_id from public.applications a where a.id = new.application_id),
      'gig_title', (select g.title from public.applications a join public.gigs g on g.id = a.gig_id where a.id = new.application_id),
      'reviewer_name', private.display_name(new.reviewer_id)));
  return null;
end
$$;
comment on function private.notify_review_email() is 'After a review: the email of the member reviewed (review_posted), unless they turned it off.';
revoke all on function private.notify_review_email() from public, anon, authenticated;

drop trigger if exists reviews_notify_email on public.reviews;
create trigger reviews_notify_email after insert on public.reviews
  for each row execute function private.notify_review_email();
