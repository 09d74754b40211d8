-- App: the files of Need40 in /storage/v1 — written for hosted Supabase Storage and applied there
-- unchanged. Three buckets; each member writes only under a folder named by their user id:
--   avatars     (public)  — profile photos, `<user id>/<name>`, square JPEG/PNG/WebP up to 2 MB;
--                           profiles.avatar_url holds the path, pages show resized variants
--                           through /render/image;
--   portfolio   (public)  — a portfolio item's image or PDF, `<user id>/<name>`, up to 10 MB;
--   attachments (private) — files sent in an application's thread, `<application id>/<user id>/<name>`,
--                           up to 10 MB, read by the application's two parties only.
-- A member with a verified MFA factor needs an aal2 session to write any of them, as for the rest
-- of their data. Forward-only; safe to re-run.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 2097152, '{image/jpeg,image/png,image/webp}'),
  ('portfolio', 'portfolio', true, 10485760, '{image/jpeg,image/png,image/webp,image/gif,application/pdf}'),
  ('attachments', 'attachments', false, 10485760, '{image/jpeg,image/png,image/webp,image/gif,application/pdf,text/plain,text/csv,application/zip,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.presentationml.presentation}')
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- A member's own folder of the public buckets: write, replace, remove, and list it.
drop policy if exists need40_member_files_select on storage.objects;
create policy need40_member_files_select on storage.objects for select to authenticated
  using (bucket_id in ('avatars', 'portfolio') and (storage.foldername(name))[1] = (select auth.uid())::text);
drop policy if exists need40_member_files_insert on storage.objects;
create policy need40_member_files_insert on storage.objects for insert to authenticated
  with check (bucket_id in ('avatars', 'portfolio') and (storage.foldername(name))[1] = (select auth.uid())::text and array_length(storage.foldername(name), 1) = 1);
drop policy if exists need40_member_files_update on storage.objects;
create policy need40_member_files_update on storage.objects for update to authenticated
  using (bucket_id in ('avatars', 'portfolio') and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('avatars', 'portfolio') and (storage.foldername(name))[1] = (select auth.uid())::text and array_length(storage.foldername(name), 1) = 1);
drop policy if exists need40_member_files_delete on storage.objects;
create policy need40_member_files_delete on storage.objects for delete to authenticated
  using (bucket_id in ('avatars', 'portfolio') and (storage.foldername(name))[1] = (select auth.uid())::text);

-- Attachments: the two parties of the application read them (the applications policy shows a
-- member only the applications they are a party of); a party writes under its own folder of it.
drop policy if exists need40_attachments_select on storage.objects;
create policy need40_attachments_select on storage.objects for select to authenticated
  using (bucket_id = 'attachments' and exists (select 1 from public.applications a where a.id::text = (storage.foldername(name))[1]));
drop policy if exists need40_attachments_insert on storage.objects;
create policy need40_attachments_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'attachments'
    and array_length(storage.foldername(name), 1) = 2
    and (storage.foldername(name))[2] = (select auth.uid())::text
    and exists (select 1 from public.applications a where a.id::text = (storage.foldername(name))[1] and a.status in ('applied', 'accepted', 'paid'))
  );
drop policy if exists need40_attachments_delete on storage.objects;
create policy need40_attachments_delete on storage.objects for delete to authenticated
  using (bucket_id = 'attachments' and owner = (select auth.uid()));

drop policy if exists need40_files_require_aal2 on storage.objects;
create policy need40_files_require_aal2 on storage.objects as restrictive to authenticated
  using (bucket_id not in ('avatars', 'portfolio', 'attachments') or (select private.aal_satisfied()))
  with check (bucket_id not in ('avatars', 'portfolio', 'attachments') or (select private.aal_satisfied()));

-- A guest (anonymous session), a banned or a deleted member writes no file of Need40's buckets.
drop policy if exists need40_files_insert_members_only on storage.objects;
create policy need40_files_insert_members_only on storage.objects as restrictive for insert to authenticated
  with check (bucket_id not in ('avatars', 'portfolio', 'attachments') or (select private.member_may_write('upload a file')));
drop policy if exists need40_files_update_members_only on storage.objects;
create policy need40_files_update_members_only on storage.objects as restrictive for update to authenticated
  using (bucket_id not in ('avatars', 'portfolio', 'attachments') or (select private.member_may_write('replace a file')));
drop policy if exists need40_files_delete_members_only on storage.objects;
create policy need40_files_delete_members_only on storage.objects as restrictive for delete to authenticated
  using (bucket_id not in ('avatars', 'portfolio', 'attachments') or (select private.member_may_write('remove a file')));

-- A profile's photo: a web address, or a path of the member's own folder in avatars.
alter table public.profiles drop constraint if exists profiles_avatar_url_form;
alter table public.profiles add constraint profiles_avatar_url_form
  check (avatar_url is null or avatar_url ~ '^https?://' or avatar_url ~ ('^' || id::text || '/[A-Za-z0-9._-]{1,100}$')) not valid;
comment on constraint profiles_avatar_url_form on public.profiles is
  'avatar_url is a web address or `<own user id>/<file>` in the avatars bucket (pages ask /render/image for its sizes).';
