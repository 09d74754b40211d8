-- App: the payout details (a worker's PayPal address) are written by the member directly, so they
-- get the members-only write policies every client-written table has: a guest or a banned member
-- is refused with 42501 and the reason, as on gigs, profiles and payments.
-- Forward-only; safe to re-run.
do $$
declare
  r record;
begin
  for r in
    select * from (values ('insert', 'save your payout details'), ('update', 'change your payout details')) as t (cmd, action)
  loop
    execute format('drop policy if exists %I on public.payout_details', 'payout_details_' || r.cmd || '_members_only');
    execute format(
      'create policy %I on public.payout_details as restrictive for %s to authenticated %s ((select private.member_may_write(%L)))',
      'payout_details_' || r.cmd || '_members_only', r.cmd,
      case r.cmd when 'insert' then 'with check' else 'using' end, r.action);
  end loop;
end
$$;
