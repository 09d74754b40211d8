-- App: the operators' money queues, as views of /rest/v1 an admin app (react-admin over
-- PostgREST) lists like tables: each has an `id`, and shows rows only to a member who is an
-- operator now (private.is_operator in auth.users) — everyone else, visitors included, gets no
-- rows. Each view reads one SECURITY DEFINER function of the private schema that checks the role
-- first (the ledger is not the API's; a view's functions run with the caller's rights, so the
-- check lives in the function); none can be written. Forward-only; safe to re-run.

create or replace function private.is_operator_now() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_operator(auth.uid()) and private.session_aal_ok()
$$;
revoke all on function private.is_operator_now() from public;

create or replace function private.member_name(p_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(p.full_name, ''), p.username) from public.profiles p where p.id = p_id
$$;
revoke all on function private.member_name(uuid) from public;

create or replace function private.operator_funds_awaiting_rows() returns table (id bigint, kind text, application_id uuid, payment_id uuid, gig_id uuid, member_id uuid, member_name text, amount_cents bigint, provider text, reference text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    select t.id, t.kind, t.application_id, t.payment_id, t.gig_id, t.payer_id, private.member_name(t.payer_id),
           t.amount_cents, t.provider, t.provider_ref, t.created_at
    from ledger.transactions t
    where t.phase = 'pending' and not exists (select 1 from ledger.transactions r where r.pending_id = t.id)
    order by t.id;
end
$$;
revoke all on function private.operator_funds_awaiting_rows() from public;
grant execute on function private.operator_funds_awaiting_rows() to authenticated;
create or replace view public.operator_funds_awaiting as select * from private.operator_funds_awaiting_rows();
comment on view public.operator_funds_awaiting is 'Operators: money announced and not yet confirmed (id = the pending ledger transaction): confirm with operator_confirm_funds (deals) or operator_confirm_payment (payments), or void.';
revoke all on public.operator_funds_awaiting from anon, authenticated, service_role;
grant select on public.operator_funds_awaiting to authenticated;

create or replace function private.operator_payouts_due_rows() returns table (id uuid, application_id uuid, worker_id uuid, worker_name text, amount_cents bigint, released_at timestamptz, paypal_email text, stripe_account_id text, stripe_payouts_enabled boolean, idempotency_key text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    select p.application_id, p.application_id, p.member_id, private.member_name(p.member_id), p.amount_cents, p.released_at,
           p.paypal_email, p.stripe_account_id, p.stripe_payouts_enabled, p.idempotency_key
    from ledger.payouts_due p order by p.released_at;
end
$$;
revoke all on function private.operator_payouts_due_rows() from public;
grant execute on function private.operator_payouts_due_rows() to authenticated;
create or replace view public.operator_payouts_due as select * from private.operator_payouts_due_rows();
comment on view public.operator_payouts_due is 'Operators: released deals whose worker is owed a payout (amount, PayPal address). Record with operator_record_payout.';
revoke all on public.operator_payouts_due from anon, authenticated, service_role;
grant select on public.operator_payouts_due to authenticated;

create or replace function private.operator_refunds_due_rows() returns table (id bigint, transaction_id bigint, kind text, member_id uuid, member_name text, application_id uuid, gig_id uuid, payment_id uuid, amount_cents bigint, funded_through text, created_at timestamptz, idempotency_key text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    select r.transaction_id, r.transaction_id, r.kind, r.member_id, private.member_name(r.member_id), r.application_id,
           r.gig_id, r.payment_id, r.amount_cents, r.funded_through, r.created_at, r.idempotency_key
    from ledger.refunds_due r order by r.transaction_id;
end
$$;
revoke all on function private.operator_refunds_due_rows() from public;
grant execute on function private.operator_refunds_due_rows() to authenticated;
create or replace view public.operator_refunds_due as select * from private.operator_refunds_due_rows();
comment on view public.operator_refunds_due is 'Operators: money due back to a payer (id = the transaction that made it due). Record with operator_record_refund.';
revoke all on public.operator_refunds_due from anon, authenticated, service_role;
grant select on public.operator_refunds_due to authenticated;

create or replace function private.operator_disputes_rows() returns table (id uuid, gig_id uuid, gig_title text, poster_id uuid, poster_name text, worker_id uuid, worker_name text, deal_amount_cents bigint, held_cents bigint, delivered_at timestamptz, disputed_at timestamptz, evidence jsonb, provider_events jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    select a.id, a.gig_id, (select g.title from public.gigs g where g.id = a.gig_id),
           a.poster_id, private.member_name(a.poster_id), a.worker_id, private.member_name(a.worker_id),
           a.deal_amount_cents, private.held_cents(a.id), a.delivered_at, a.updated_at,
           (select coalesce(jsonb_agg(jsonb_build_object('kind', n.kind, 'author_role', n.author_role, 'body', n.body, 'link', n.link,
                     'attachment_id', n.attachment_id, 'created_at', n.created_at) order by n.created_at), '[]'::jsonb)
              from public.deal_notes n where n.application_id = a.id),
           (select coalesce(jsonb_agg(jsonb_build_object('provider', e.provider, 'event_id', e.event_id, 'type', e.type, 'outcome', e.outcome,
                     'detail', e.detail, 'received_at', e.received_at) order by e.received_at), '[]'::jsonb)
              from ledger.provider_events e where e.application_id = a.id)
    from public.applications a where a.status = 'disputed' order by a.updated_at;
end
$$;
revoke all on function private.operator_disputes_rows() from public;
grant execute on function private.operator_disputes_rows() to authenticated;
create or replace view public.operator_disputes as select * from private.operator_disputes_rows();
comment on view public.operator_disputes is 'Operators: disputed deals with what is held and the evidence (deliveries, change requests, dispute reasons, provider events). Resolve with operator_resolve_dispute.';
revoke all on public.operator_disputes from anon, authenticated, service_role;
grant select on public.operator_disputes to authenticated;

create or replace function private.operator_revenue_rows() returns table (id text, period text, period_start date, releases bigint, payouts_cents bigint, fees_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    select p.kind || ':' || p.period_start, p.kind, p.period_start, sum(f.releases)::bigint, sum(f.payouts_cents)::bigint, sum(f.fees_cents)::bigint
    from ledger.day_figures f
    cross join lateral (values ('week', date_trunc('week', f.day)::date), ('month', date_trunc('month', f.day)::date)) as p(kind, period_start)
    group by p.kind, p.period_start order by p.period_start desc, p.kind;
end
$$;
revoke all on function private.operator_revenue_rows() from public;
grant execute on function private.operator_revenue_rows() to authenticated;
create or replace view public.operator_revenue as select * from private.operator_revenue_rows();
comment on view public.operator_revenue is 'Operators: per week and per month (UTC), deals released, money paid out to workers and fee revenue, from the ledger.';
revoke all on public.operator_revenue from anon, authenticated, service_role;
grant select on public.operator_revenue to authenticated;

create or replace function private.operator_payment_events_rows() returns table (id text, provider text, event_id text, type text, application_id uuid, origin_transaction_id bigint, amount_cents bigint, reference text, outcome text, detail text, attempts integer, received_at timestamptz, applied_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_operator_now() then
    return;
  end if;
  return query
    select e.provider || ':' || e.event_id, e.provider, e.event_id, e.type, e.application_id, e.origin_transaction_id, e.amount_cents,
           e.reference, e.outcome, e.detail, e.attempts, e.received_at, e.applied_at
    from ledger.provider_events e order by e.received_at desc;
end
$$;
revoke all on function private.operator_payment_events_rows() from public;
grant execute on function private.operator_payment_events_rows() to authenticated;
create or replace view public.operator_payment_events as select * from private.operator_payment_events_rows();
comment on view public.operator_payment_events is 'Operators: every provider event received and what became of it (applied, deferred, ignored and why).';
revoke all on public.operator_payment_events from anon, authenticated, service_role;
grant select on public.operator_payment_events to authenticated;

