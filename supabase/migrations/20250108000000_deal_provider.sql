-- App: which payment provider runs a deal, for its two parties' page. The deal panel shows the
-- poster the provider's way to pay (manual: the PayPal.me link and a reference; stripe: a Checkout
-- Session) and, with stripe, asks the worker to set up payouts. The answer is the provider of the
-- deal's open funding hold (a payment in flight keeps the provider it was started with), else the
-- provider new fundings and payouts go through now (ledger.settings.provider, which the backend
-- sets from PAYMENT_PROVIDER at start). Forward-only; safe to re-run.

create or replace function public.deal_provider(p_application_id uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('see the money of a deal');
begin
  if not exists (select 1 from public.applications a where a.id = p_application_id and v_uid in (a.worker_id, a.poster_id)) then
    return null;
  end if;
  return coalesce((private.open_funding_hold(p_application_id)).provider, (select s.provider from ledger.settings s));
end
$$;
comment on function public.deal_provider(uuid) is
  'The payment provider of one of the caller''s deals (''manual'' or ''stripe''): its open funding hold''s, else the one new fundings and payouts go through now; null for anyone but its two parties.';
revoke all on function public.deal_provider(uuid) from public, anon, authenticated, service_role;
grant execute on function public.deal_provider(uuid) to anon, authenticated, service_role;
