-- App: money emails go out at once. A receipt or a step of one's own deal (kinds deal_update and
-- payment_receipt) is a record of money that moved: the deliverer already sends each on its own
-- (backend/src/notifications/delivery.ts, never folded into a digest), and now the claim no longer
-- holds it back while its recipient is inside their digest window. Money emails neither wait for
-- that window nor start one; every other kind still waits and is folded into one digest.
-- Same signature and grants as before; forward-only; safe to re-run.

create or replace function private.claim_notifications(p_recipients integer, p_lease_seconds integer, p_max_attempts integer, p_window interval default interval '10 minutes')
returns setof private.notification_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_recipient uuid;
  v_last timestamptz;
begin
  for v_recipient in
    select o.recipient_id from private.notification_outbox o
     where o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
     group by o.recipient_id
     order by min(o.deliver_after)
     limit p_recipients
  loop
    insert into private.notification_recipients (recipient_id, last_email_at) values (v_recipient, '-infinity')
    on conflict (recipient_id) do nothing;
    select r.last_email_at into v_last from private.notification_recipients r where r.recipient_id = v_recipient for update skip locked;
    continue when not found;
    if v_last > now() - p_window then
      -- inside the window: the digest kinds wait for its end; money emails are claimed below
      update private.notification_outbox o set deliver_after = v_last + p_window
       where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
         and o.kind not in ('deal_update', 'payment_receipt');
    elsif exists (select 1 from private.notification_outbox o
                   where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
                     and o.kind not in ('deal_update', 'payment_receipt')) then
      update private.notification_recipients r set last_email_at = now() where r.recipient_id = v_recipient;
    end if;
    return query
      update private.notification_outbox o
         set attempts = o.attempts + 1, deliver_after = now() + make_interval(secs => p_lease_seconds)
       where o.recipient_id = v_recipient and o.delivered_at is null and o.deliver_after <= now() and o.attempts < p_max_attempts
      returning o.*;
  end loop;
end
$$;
comment on function private.claim_notifications(integer, integer, integer, interval) is
  'Deliverers: claims the due rows of up to p_recipients recipients, all of a recipient''s together; a recipient emailed less than p_window ago waits for the window''s end (digests), except for money emails (deal_update, payment_receipt), which neither wait nor start a window.';
revoke all on function private.claim_notifications(integer, integer, integer, interval) from public;
