-- App: a member's contact details (email, phone) for the people entitled to them: the member
-- themself, and anyone who shares an accepted application with them (the poster and the worker
-- of that gig). Everyone else gets no row. Forward-only; safe to re-run.

create or replace function public.contact_details(p_user_id uuid)
returns table (user_id uuid, email text, phone text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.contact_email, p.contact_phone
  from public.profiles p
  where p.id = p_user_id
    and auth.uid() is not null
    and private.session_aal_ok()
    and (
      p.id = auth.uid()
      or exists (
        select 1 from public.applications a
        where a.status = 'accepted'
          and ((a.worker_id = p.id and a.poster_id = auth.uid()) or (a.poster_id = p.id and a.worker_id = auth.uid()))
      )
    )
$$;
comment on function public.contact_details(uuid) is
  'The member''s contact email and phone: one row for the member themself or someone sharing an accepted application with them, no row for anyone else.';
revoke all on function public.contact_details(uuid) from public;
grant execute on function public.contact_details(uuid) to anon, authenticated, service_role;
