-- App: the worker's delivery can carry a file. The worker uploads it first to the private
-- `deliveries` bucket under `<application id>/<their user id>/<name>` while the deal is funded,
-- then calls deliver_work with its path; deliver_work checks the file is theirs and in this deal,
-- and the delivery note records its path, name, type and size. The file is read by the deal's two
-- parties and by Need40's operators (who settle disputes about the work), nobody else; once a
-- delivery names it, it can no longer be removed (it is the evidence of what was delivered).
-- Written for hosted Supabase Storage and applied there unchanged. Forward-only; safe to re-run.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('deliveries', 'deliveries', false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,application/pdf,text/plain,text/csv,application/zip,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.presentationml.presentation}')
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- The delivery note's file.
alter table public.deal_notes add column if not exists attachment_path text;
alter table public.deal_notes add column if not exists attachment_name text;
alter table public.deal_notes add column if not exists attachment_type text;
alter table public.deal_notes add column if not exists attachment_size bigint;
comment on column public.deal_notes.attachment_path is 'A file delivered with the note: its path in the deliveries bucket (<application id>/<worker id>/<name>); attachment_id is its storage object id.';
alter table public.deal_notes drop constraint if exists deal_notes_attachment_in_deal;
alter table public.deal_notes add constraint deal_notes_attachment_in_deal
  check (attachment_path is null or attachment_path like application_id::text || '/%');

-- An operator reading a file from a policy: the caller only, so no member can ask about another.
grant execute on function private.is_operator_now() to authenticated;

-- The two parties of the deal (the applications policy shows a member only the applications they
-- are a party of) and operators read; the worker writes under their own folder of a funded deal.
drop policy if exists need40_deliveries_select on storage.objects;
create policy need40_deliveries_select on storage.objects for select to authenticated
  using (bucket_id = 'deliveries' and (
    exists (select 1 from public.applications a where a.id::text = (storage.foldername(name))[1])
    or (select private.is_operator_now())
  ));
drop policy if exists need40_deliveries_insert on storage.objects;
create policy need40_deliveries_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'deliveries'
    and array_length(storage.foldername(name), 1) = 2
    and (storage.foldername(name))[2] = (select auth.uid())::text
    and exists (select 1 from public.applications a
                 where a.id::text = (storage.foldername(name))[1] and a.worker_id = (select auth.uid()) and a.status = 'funded')
  );
drop policy if exists need40_deliveries_delete on storage.objects;
create policy need40_deliveries_delete on storage.objects for delete to authenticated
  using (bucket_id = 'deliveries' and owner = (select auth.uid())
         and not exists (select 1 from public.deal_notes n where n.attachment_path = name));

-- The rules every Need40 bucket has (an aal2 session with MFA; members in good standing write),
-- now over the four buckets.
drop policy if exists need40_files_require_aal2 on storage.objects;
create policy need40_files_require_aal2 on storage.objects as restrictive to authenticated
  using (bucket_id not in ('avatars', 'portfolio', 'attachments', 'deliveries') or (select private.aal_satisfied()))
  with check (bucket_id not in ('avatars', 'portfolio', 'attachments', 'deliveries') or (select private.aal_satisfied()));
drop policy if exists need40_files_insert_members_only on storage.objects;
create policy need40_files_insert_members_only on storage.objects as restrictive for insert to authenticated
  with check (bucket_id not in ('avatars', 'portfolio', 'attachments', 'deliveries') or (select private.member_may_write('upload a file')));
drop policy if exists need40_files_update_members_only on storage.objects;
create policy need40_files_update_members_only on storage.objects as restrictive for update to authenticated
  using (bucket_id not in ('avatars', 'portfolio', 'attachments', 'deliveries') or (select private.member_may_write('replace a file')));
drop policy if exists need40_files_delete_members_only on storage.objects;
create policy need40_files_delete_members_only on storage.objects as restrictive for delete to authenticated
  using (bucket_id not in ('avatars', 'portfolio', 'attachments', 'deliveries') or (select private.member_may_write('remove a file')));

drop function if exists public.deliver_work(uuid, text, text, uuid);
create or replace function public.deliver_work(p_application_id uuid, p_note text, p_link text default null, p_attachment_path text default null)
returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('deliver the work');
  v_app public.applications := private.fire_application_transition(p_application_id, 'deliver', v_uid);
  v_file storage.objects;
begin
  if p_attachment_path is not null then
    select o.* into v_file from storage.objects o
     where o.bucket_id = 'deliveries' and o.name = p_attachment_path and o.owner = v_uid
       and o.name like v_app.id::text || '/' || v_uid::text || '/%';
    if v_file.id is null then
      raise exception 'Upload the file to this deal first' using errcode = '22023';
    end if;
  end if;
  perform private.deal_note(v_app, v_uid, 'delivery', p_note, p_link, v_file.id);
  if v_file.id is not null then
    update public.deal_notes
       set attachment_path = v_file.name,
           attachment_name = regexp_replace(storage.filename(v_file.name), '^[0-9a-f-]{36}-', ''),
           attachment_type = v_file.metadata ->> 'mimetype',
           attachment_size = (v_file.metadata ->> 'size')::bigint
     where application_id = v_app.id and kind = 'delivery' and attachment_id = v_file.id and attachment_path is null;
  end if;
  update public.applications
     set delivered_at = now(), release_due_at = now() + make_interval(days => (select s.auto_release_days from ledger.settings s))
   where id = v_app.id returning * into v_app;
  perform private.notify_deal(v_app, v_app.poster_id, 'delivered');
  return v_app;
end
$$;
comment on function public.deliver_work(uuid, text, text, text) is
  'The worker delivers the work of a funded deal: a note, optionally a link and a file uploaded first to the deliveries bucket under <application id>/<worker id>/. The money is released automatically after the window unless the poster approves, requests changes or disputes.';
revoke all on function public.deliver_work(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.deliver_work(uuid, text, text, text) to anon, authenticated, service_role;
