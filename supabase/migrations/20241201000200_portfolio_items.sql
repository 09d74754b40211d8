-- App: portfolio items of a member — a title, and a link or a file (an image or a PDF in the
-- portfolio bucket, under the member's folder), or both. Shown on the profile and the public
-- profile, so anyone may read them; only the member adds, edits, reorders or removes theirs, at
-- most 12. Forward-only; safe to re-run.

create table if not exists public.portfolio_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  title text not null,
  link text,
  file_path text,
  file_type text,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint portfolio_items_user_id_fkey foreign key (user_id) references public.profiles (id) on delete cascade,
  constraint portfolio_items_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint portfolio_items_link_form check (link is null or (link ~ '^https?://[^\s]+$' and char_length(link) <= 2048)),
  constraint portfolio_items_file_in_own_folder check (file_path is null or file_path ~ ('^' || user_id::text || '/[A-Za-z0-9._-]{1,100}$')),
  constraint portfolio_items_file_type check (file_type is null or file_type in ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf')),
  constraint portfolio_items_something_to_show check (link is not null or file_path is not null),
  constraint portfolio_items_position_range check (position between 0 and 1000)
);
comment on table public.portfolio_items is 'Work a member shows on their profile: a title with a link and/or a file in the portfolio bucket. Public; the member edits their own (at most 12).';
create index if not exists portfolio_items_user_id_position_idx on public.portfolio_items (user_id, position, created_at);

alter table public.portfolio_items enable row level security;
revoke all on table public.portfolio_items from anon, authenticated, service_role;
grant select on table public.portfolio_items to anon, authenticated;
grant insert (title, link, file_path, file_type, position) on table public.portfolio_items to authenticated;
grant update (title, link, file_path, file_type, position) on table public.portfolio_items to authenticated;
grant delete on table public.portfolio_items to authenticated;
grant select, insert, update, delete on table public.portfolio_items to service_role;

drop policy if exists portfolio_items_select_all on public.portfolio_items;
create policy portfolio_items_select_all on public.portfolio_items for select to anon, authenticated using (true);
drop policy if exists portfolio_items_insert_own on public.portfolio_items;
create policy portfolio_items_insert_own on public.portfolio_items for insert to authenticated with check (user_id = (select auth.uid()));
drop policy if exists portfolio_items_update_own on public.portfolio_items;
create policy portfolio_items_update_own on public.portfolio_items for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists portfolio_items_delete_own on public.portfolio_items;
create policy portfolio_items_delete_own on public.portfolio_items for delete to authenticated using (user_id = (select auth.uid()));
-- Everyone reads; changing one's portfolio needs aal2 once MFA is on.
drop policy if exists portfolio_items_insert_require_aal2 on public.portfolio_items;
create policy portfolio_items_insert_require_aal2 on public.portfolio_items as restrictive for insert to authenticated with check ((select private.aal_satisfied()));
drop policy if exists portfolio_items_update_require_aal2 on public.portfolio_items;
create policy portfolio_items_update_require_aal2 on public.portfolio_items as restrictive for update to authenticated using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
drop policy if exists portfolio_items_delete_require_aal2 on public.portfolio_items;
create policy portfolio_items_delete_require_aal2 on public.portfolio_items as restrictive for delete to authenticated using ((select private.aal_satisfied()));
-- A guest (anonymous session), a banned or a deleted member changes nothing: the refusal is raised.
drop policy if exists portfolio_items_insert_members_only on public.portfolio_items;
create policy portfolio_items_insert_members_only on public.portfolio_items as restrictive for insert to authenticated with check ((select private.member_may_write('add to your portfolio')));
drop policy if exists portfolio_items_update_members_only on public.portfolio_items;
create policy portfolio_items_update_members_only on public.portfolio_items as restrictive for update to authenticated using ((select private.member_may_write('edit your portfolio')));
drop policy if exists portfolio_items_delete_members_only on public.portfolio_items;
create policy portfolio_items_delete_members_only on public.portfolio_items as restrictive for delete to authenticated using ((select private.member_may_write('edit your portfolio')));

-- At most 12 items a member (counted under a lock on the member's profile row, so two inserts at
-- once cannot both pass).
create or replace function private.portfolio_items_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.profiles where id = new.user_id for update;
  if (select count(*) from public.portfolio_items where user_id = new.user_id) >= 12 then
    raise exception 'A portfolio holds at most 12 items' using errcode = '22023';
  end if;
  return new;
end
$$;
comment on function private.portfolio_items_limit() is 'Refuses a 13th portfolio item of a member.';
revoke all on function private.portfolio_items_limit() from public, anon, authenticated, service_role;
drop trigger if exists portfolio_items_limit on public.portfolio_items;
create trigger portfolio_items_limit before insert on public.portfolio_items for each row execute function private.portfolio_items_limit();
