-- App: the number of failed attempts after which an email is given up, in one place. The deliverer
-- (backend/src/notifications/outbox.ts) claims rows and counts its backlog with it, and the
-- console's admin_outbox calls a row "failed" with it; the view used to repeat the number as a
-- literal, which a change of the deliverer's limit would have left behind. Safe to re-run.

create or replace function private.notification_max_attempts() returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select 8 $$;
comment on function private.notification_max_attempts() is
  'Failed delivery attempts after which an outbox row is given up (left undelivered with its last error): the deliverer''s claim and backlog and admin_outbox''s "failed" all read it.';
revoke all on function private.notification_max_attempts() from public;
-- admin_outbox calls it with the reader's rights (as it calls private.console_gate).
grant execute on function private.notification_max_attempts() to authenticated, service_role;

create or replace view public.admin_outbox with (security_barrier) as
select o.id, o.kind, o.recipient_id, coalesce(nullif(p.full_name, ''), p.username) as recipient_name, u.email as recipient_email,
       o.payload ->> 'gig_title' as gig_title, o.created_at, o.deliver_after, o.attempts, o.last_error,
       case when o.attempts >= private.notification_max_attempts() then 'failed' when o.last_error is not null then 'retrying' else 'pending' end as state
  from private.notification_outbox o
  left join public.profiles p on p.id = o.recipient_id
  left join auth.users u on u.id = o.recipient_id
 where o.delivered_at is null and private.console_gate('read the email outbox');
comment on view public.admin_outbox is 'Operators: undelivered emails (pending, retrying, failed after private.notification_max_attempts()) with their recipient and last error. Refused to anyone else.';
