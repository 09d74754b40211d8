-- App: the two emails of finding workers join the others' rules.
--   * gig_invitation (a poster invited the member to apply to their gig) and saved_search (new gigs
--     match one of the member's saved searches) are kinds of the outbox, written by the app server
--     from app-server/templates/ like every other kind.
--   * A member can turn each of them off on its own: both join notification_preferences.email_off's
--     list (the profile's Email notifications, and the List-Unsubscribe link of such an email).
-- The full lists are written out, as the migration that introduced email_off did, so the newest
-- migration naming the constraint says every kind. Safe to re-run.

alter table private.notification_outbox drop constraint if exists notification_outbox_kind_check;
alter table private.notification_outbox add constraint notification_outbox_kind_check check (kind in (
  'new_application', 'application_accepted', 'application_declined', 'application_withdrawn', 'new_message',
  'deal_update', 'payment_receipt', 'gig_closed', 'review_posted', 'gig_invitation', 'saved_search',
  'account_suspended', 'member_warning', 'gig_hidden', 'gig_restored', 'report_resolved'));

alter table public.notification_preferences drop constraint if exists notification_preferences_email_off_kinds;
alter table public.notification_preferences add constraint notification_preferences_email_off_kinds check (
  email_off <@ array['new_application', 'application_accepted', 'application_declined', 'application_withdrawn',
    'new_message', 'gig_closed', 'review_posted', 'deal_update', 'payment_receipt', 'gig_invitation', 'saved_search']::text[]
  and cardinality(email_off) <= 32);
