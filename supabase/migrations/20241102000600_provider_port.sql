-- App: the payment provider port. A provider adapter (manual: the operator functions; stripe: a
-- webhook handler and a worker that calls Stripe) talks to the books through two things only:
--   events in   private.apply_provider_event() — one call per provider event, applied once per
--               (provider, event id) whatever the order of arrival: an event that comes before
--               the one it needs (a dispute before the funds) waits as 'deferred' and is applied
--               when that one is; a repeat answers 'duplicate'. Types: funds.received,
--               funds.failed, transfer.sent, refund.sent, dispute.opened, dispute.closed
--               (payload outcome won|lost), provider.fee.
--   work out    ledger.payouts_due / ledger.refunds_due (private.provider_work(provider)): what to
--               pay, to whom, how much, with the idempotency key to send to the provider —
--               payout:<application>, refund-sent:<transaction> — so a retried call never pays twice.
-- Both providers therefore write exactly the same ledger rows. Members keep their payout details
-- (a PayPal address) in payout_details; the Stripe adapter records their connected account there.
-- Forward-only; safe to re-run.

create table if not exists ledger.provider_events (
  provider text not null,
  event_id text not null,
  type text not null,
  application_id uuid,
  origin_transaction_id bigint,
  amount_cents bigint,
  reference text,
  payload jsonb not null default '{}'::jsonb,
  operator_id uuid,
  received_at timestamptz not null default now(),
  attempts integer not null default 0,
  outcome text not null default 'received',
  detail text,
  applied_at timestamptz,
  primary key (provider, event_id),
  constraint provider_events_provider_check check (provider in ('manual', 'stripe')),
  constraint provider_events_type_check check (type in
    ('funds.received', 'funds.failed', 'transfer.sent', 'refund.sent', 'dispute.opened', 'dispute.closed', 'provider.fee')),
  constraint provider_events_outcome_check check (outcome in ('received', 'applied', 'deferred', 'ignored')),
  constraint provider_events_sizes check (char_length(event_id) between 1 and 255 and char_length(reference) <= 500
    and jsonb_typeof(payload) = 'object' and octet_length(payload::text) <= 20000)
);
comment on table ledger.provider_events is
  'Every provider event received (webhooks; the manual provider''s operator actions), keyed by provider and event id: applied once, deferred until what it needs has happened, or ignored with the reason.';
create index if not exists provider_events_deferred_idx on ledger.provider_events (application_id, received_at) where outcome = 'deferred';
alter table ledger.provider_events enable row level security;
revoke all on table ledger.provider_events from public;

create index if not exists applications_released_idx on public.applications (released_at) where status = 'released';
create index if not exists applications_disputed_idx on public.applications (updated_at) where status = 'disputed';

-- ── Members' payout details ─────────────────────────────────────────────────────────────────
create table if not exists public.payout_details (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  paypal_email text,
  -- Written by the Stripe adapter (service role) after Connect onboarding.
  stripe_account_id text,
  stripe_payouts_enabled boolean not null default false,
  updated_at timestamptz not null default now(),
  constraint payout_details_paypal_email_shape check (paypal_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(paypal_email) <= 254),
  constraint payout_details_stripe_account_shape check (stripe_account_id ~ '^acct_[A-Za-z0-9]{1,64}$')
);
comment on table public.payout_details is
  'Where a member is paid: a PayPal address they keep (private: the owner and operators read it), and the Stripe connected account the Stripe adapter records.';
alter table public.payout_details enable row level security;
revoke all on table public.payout_details from anon, authenticated, service_role;
grant select on table public.payout_details to authenticated;
grant insert (user_id, paypal_email) on table public.payout_details to authenticated;
grant update (paypal_email) on table public.payout_details to authenticated;
grant select, insert, update, delete on table public.payout_details to service_role;
drop policy if exists payout_details_own on public.payout_details;
create policy payout_details_own on public.payout_details for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists payout_details_require_aal2 on public.payout_details;
create policy payout_details_require_aal2 on public.payout_details as restrictive to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors where (select auth.uid()) = user_id and status = 'verified'
    )
  );
create or replace function private.payout_details_touch() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.payout_details_touch() from public;
drop trigger if exists payout_details_touch on public.payout_details;
create trigger payout_details_touch before insert or update on public.payout_details for each row execute function private.payout_details_touch();

-- ── Work out: what the providers (or the operator) must pay ─────────────────────────────────
create or replace view ledger.payouts_due as
select a.id as application_id, a.worker_id as member_id, a.poster_id, a.gig_id, a.released_at,
       private.payout_due_cents(a.id) as amount_cents, 'payout:' || a.id as idempotency_key,
       d.paypal_email, d.stripe_account_id, coalesce(d.stripe_payouts_enabled, false) as stripe_payouts_enabled
from public.applications a
left join public.payout_details d on d.user_id = a.worker_id
where a.status = 'released';
comment on view ledger.payouts_due is 'Released deals not yet paid out: the worker, the amount due (their part less any debt netted), the idempotency key, where to pay.';

create or replace view ledger.refunds_due as
select t.id as transaction_id, t.payer_id as member_id, t.application_id, t.gig_id, t.payment_id, t.created_at, t.kind,
       (ledger.parts(t.id) ->> 'refund_due')::bigint as amount_cents, 'refund-sent:' || t.id as idempotency_key,
       coalesce((select f.provider from ledger.transactions f where f.idempotency_key = 'fund:' || t.application_id), 'manual') as funded_through
from ledger.transactions t
where t.kind in ('refund', 'split', 'refund_after_release', 'prepaid_return')
  and coalesce((ledger.parts(t.id) ->> 'refund_due')::bigint, 0) > 0
  and not exists (select 1 from ledger.transactions s where s.idempotency_key = 'refund-sent:' || t.id);
comment on view ledger.refunds_due is 'Money due back to a payer and not yet sent: the transaction that made it due, the amount, the idempotency key, the provider it was paid through.';

-- What one provider's adapter should execute now. Stripe pays workers with a ready connected
-- account and refunds what was paid through it; the manual provider (an operator) the rest.
create or replace function private.provider_work(p_provider text)
returns table (kind text, application_id uuid, transaction_id bigint, member_id uuid, amount_cents bigint, idempotency_key text, paypal_email text, stripe_account_id text)
language sql
stable
security definer
set search_path = ''
as $$
  select 'payout', p.application_id, null::bigint, p.member_id, p.amount_cents, p.idempotency_key, p.paypal_email, p.stripe_account_id
  from ledger.payouts_due p
  where p.amount_cents > 0 and (p_provider = 'stripe') = p.stripe_payouts_enabled
  union all
  select 'refund', r.application_id, r.transaction_id, r.member_id, r.amount_cents, r.idempotency_key, null, null
  from ledger.refunds_due r
  where (p_provider = 'stripe') = (r.funded_through = 'stripe')
$$;
comment on function private.provider_work(text) is 'Payouts and refunds one provider should execute, each with the idempotency key to send with the provider call.';
revoke all on function private.provider_work(text) from public;
