-- App: a message is sent once, however often it is sent. The composer chooses the message's id
-- (p_id) when the person presses Send and keeps it for every Retry of that send; a second call
-- with an id the sender already used in this thread returns the message written the first time
-- (no second message, no second email, no second notification). An id already used otherwise —
-- another thread, another sender — is refused as a duplicate key (23505), as posting a gig with a
-- client-chosen id is. Without p_id every call writes a new message, as before. Forward-only;
-- safe to re-run.

drop function if exists public.send_message(uuid, text, text);
create or replace function public.send_message(p_application_id uuid, p_body text, p_attachment_path text default null, p_id uuid default null)
returns public.application_messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('send a message');
  v_app public.applications := private.party_application(p_application_id, v_uid);
  v_body text := btrim(coalesce(p_body, ''));
  v_file storage.objects;
  v_message public.application_messages;
  v_recipient uuid;
  v_pending bigint;
begin
  -- A repeat of a send that arrived: the first answer again, before any check (the thread may have closed since).
  if p_id is not null then
    select m.* into v_message from public.application_messages m where m.id = p_id;
    if v_message.id is not null then
      if v_message.sender_id = v_uid and v_message.application_id = v_app.id then
        return v_message;
      end if;
      raise exception 'That message id is already used' using errcode = '23505';
    end if;
  end if;
  if v_app.status not in ('applied', 'accepted', 'paid') then
    raise exception 'This conversation is closed' using errcode = 'N4005', detail = format('The application is %s.', v_app.status);
  end if;
  if v_body = '' and p_attachment_path is null then
    raise exception 'Write a message' using errcode = '22023';
  end if;
  if char_length(v_body) > 2000 then
    raise exception 'A message must be at most 2000 characters' using errcode = '22023';
  end if;
  if p_attachment_path is not null then
    select o.* into v_file from storage.objects o
     where o.bucket_id = 'attachments' and o.name = p_attachment_path and o.owner = v_uid
       and o.name like v_app.id::text || '/' || v_uid::text || '/%';
    if v_file.id is null then
      raise exception 'Upload the file to this conversation first' using errcode = '22023';
    end if;
  end if;
  -- Two attempts of one send racing: the second waits for the first's commit, writes nothing, and answers with the first's row.
  insert into public.application_messages (id, application_id, sender_id, body, attachment_path, attachment_name, attachment_type, attachment_size)
  values (coalesce(p_id, gen_random_uuid()), v_app.id, v_uid, v_body, v_file.name,
          case when v_file.name is null then null else regexp_replace(storage.filename(v_file.name), '^[0-9a-f-]{36}-', '') end,
          v_file.metadata ->> 'mimetype', (v_file.metadata ->> 'size')::bigint)
  on conflict (id) do nothing
  returning * into v_message;
  if v_message.id is null then
    select m.* into v_message from public.application_messages m where m.id = p_id and m.sender_id = v_uid and m.application_id = v_app.id;
    if v_message.id is null then
      raise exception 'That message id is already used' using errcode = '23505';
    end if;
    return v_message;
  end if;
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
comment on function public.send_message(uuid, text, text, uuid) is 'A party of an application (applied, accepted or paid) writes to the other: text (up to 2000 characters), a file it uploaded to the thread, or both; the recipient gets a debounced email. p_id: the id the sender chose for this message; a repeat with it returns the first message (a retry never posts twice), an id used otherwise is refused (23505).';
revoke all on function public.send_message(uuid, text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.send_message(uuid, text, text, uuid) to anon, authenticated, service_role;
