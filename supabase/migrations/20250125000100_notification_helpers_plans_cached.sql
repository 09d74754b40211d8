-- App: the two helpers every bell row calls keep their query plans. private.display_name (the
-- actor's name on the row) and private.decided_now (whether the row announces a decision still
-- in its undo window) were SQL functions, and PostgreSQL 15 plans a SQL function that is not
-- inlined — a SECURITY DEFINER one never is — again on every call; as PL/pgSQL functions their
-- statements are prepared once per connection (as 20250102000300 did for the ledger's helpers).
-- Every deal step writes a bell row, so every release paid for both plans. Same signatures, same
-- answers. Forward-only; safe to re-run.

create or replace function private.display_name(p_user uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select coalesce(nullif(p.full_name, ''), p.username) from public.profiles p where p.id = p_user), 'A Need40 member');
end
$$;
comment on function private.display_name(uuid) is 'A member''s name as notifications show it: full name, else username, else "A Need40 member".';
revoke all on function private.display_name(uuid) from public;

create or replace function private.decided_now(p_application uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from public.application_events e
                  where e.application_id = p_application and e.created_at = now()
                    and e.transition in ('accept', 'decline', 'decline_others'));
end
$$;
comment on function private.decided_now(uuid) is 'Whether the current transaction recorded an accept, a decline or an accept''s decline of the application (its emails and bell rows are then held).';
revoke all on function private.decided_now(uuid) from public;
