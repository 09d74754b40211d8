-- App: the notification outbox. The marketplace functions write a row in the same transaction as
-- the change it announces (only when the recipient's email_enabled is on); a deliverer sends it
-- and sets delivered_at (at-least-once: a claimed row whose delivery did not finish is claimed
-- again after its lease). Locally that is backend/src/notifications/; on hosted Supabase an Edge
-- Function run by a cron job or a database webhook drains it the same way. In the private schema:
-- not reachable through /rest/v1. Forward-only; safe to re-run.

create table if not exists private.notification_outbox (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  -- When the row may next be claimed: its creation, a debounce, or the end of a delivery lease.
  deliver_after timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  delivered_at timestamptz,
  constraint notification_outbox_kind_check check (kind in ('new_application', 'application_accepted', 'application_declined')),
  constraint notification_outbox_payload_object check (jsonb_typeof(payload) = 'object')
);
comment on table private.notification_outbox is
  'Emails to send, written by the marketplace functions with the change they announce; drained by a deliverer that sets delivered_at.';

create index if not exists notification_outbox_due_idx on private.notification_outbox (deliver_after, id) where delivered_at is null;
create index if not exists notification_outbox_recipient_idx on private.notification_outbox (recipient_id);

revoke all on table private.notification_outbox from public;
-- Row level security with no policy: no client role may read or write it even if a grant slips
-- in later; its owner (the security-definer functions, the backend's delivery) is not subject to it.
alter table private.notification_outbox enable row level security;

-- Queue one email for a recipient, unless they turned email notifications off.
create or replace function private.enqueue_notification(p_recipient uuid, p_kind text, p_payload jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce((select email_enabled from public.notification_preferences where user_id = p_recipient), true) then
    insert into private.notification_outbox (recipient_id, kind, payload) values (p_recipient, p_kind, p_payload);
  end if;
end
$$;
comment on function private.enqueue_notification(uuid, text, jsonb) is
  'Queues an email in private.notification_outbox unless the recipient turned email notifications off.';
revoke all on function private.enqueue_notification(uuid, text, jsonb) from public;
