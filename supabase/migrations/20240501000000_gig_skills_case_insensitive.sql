-- App: a gig's skills match case-insensitively ("react" finds a gig listing "React") and keep
-- the spelling the poster typed. skills becomes citext[]: array containment (@>, the REST `cs`
-- filter) and overlap (&&, `ov`) compare elements with citext's equality, and the GIN index, rebuilt
-- by the type change, compares its keys the same way, so the Skills filter still uses it.
-- Forward-only; safe to re-run.

-- On a hosted project citext lives in the extensions schema (on its search path); here the
-- platform migrations already created it, and "if not exists" leaves it where it is.
create extension if not exists citext with schema extensions;

do $$
begin
  if (select format_type(atttypid, null) from pg_attribute
      where attrelid = 'public.gigs'::regclass and attname = 'skills') = 'text[]' then
    alter table public.gigs alter column skills drop default;
    alter table public.gigs alter column skills type citext[] using skills::citext[];
    alter table public.gigs alter column skills set default '{}';
  end if;
end
$$;

comment on column public.gigs.skills is
  'Skills as the poster typed them; compared case-insensitively (citext), e.g. by the REST cs filter.';
