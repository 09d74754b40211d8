-- App: where a payment's status comes from, so revenue reports cannot mistake a claim for money.
-- The $600 gig path records a completed payment on the client's word (the product's behaviour:
-- the PayPal step happens outside the app and nothing confirms it). `source` tells them apart and
-- is set by the database, never by a client (no column privilege):
--   client_recorded     a pending row the app recorded (PayPal redirect, donation); not money
--   self_reported       completed by create_paid_gig with no proof that money moved
--   confirmed_transfer  money confirmed by the operator or a payment-provider integration
--                       (service role only)
-- Forward-only; safe to re-run.

alter table public.payments add column if not exists source text not null default 'client_recorded';
comment on column public.payments.source is
  'client_recorded (pending, recorded by the app) | self_reported (completed without proof, the $600 path) | confirmed_transfer (money confirmed; service role only). Set by the database.';

-- Every completed payment so far was written by create_paid_gig.
update public.payments set source = 'self_reported' where status = 'completed' and source = 'client_recorded';

alter table public.payments drop constraint if exists payments_source_check;
alter table public.payments add constraint payments_source_check
  check (source in ('client_recorded', 'self_reported', 'confirmed_transfer'));
alter table public.payments drop constraint if exists payments_completed_has_source;
alter table public.payments add constraint payments_completed_has_source
  check (status <> 'completed' or source in ('self_reported', 'confirmed_transfer'));

-- record_payment, create_paid_gig and the audit trigger as in 20240301000000 / 20240201000300,
-- now naming the source.
create or replace function public.record_payment(
  p_amount numeric,
  p_payment_method text,
  p_status text,
  p_description text default null,
  p_metadata jsonb default '{}'::jsonb
) returns public.payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
begin
  if not private.aal_satisfied() then
    raise exception 'This account uses multi-factor authentication: verify a factor (aal2) first' using errcode = '42501';
  end if;
  if p_amount is null or p_payment_method is null or p_status is null then
    raise exception 'Invalid payment data: amount, paymentMethod, and status are required' using errcode = '22023';
  end if;
  if p_status <> 'pending' then
    raise exception 'Only pending payments can be recorded' using errcode = '22023';
  end if;
  if p_payment_method <> 'paypal' then
    raise exception 'Unsupported payment method: only paypal is accepted' using errcode = '22023';
  end if;
  if p_amount <= 0 or p_amount > 100000 then
    raise exception 'Payment amount must be greater than 0 and at most 100000' using errcode = '22023';
  end if;
  if p_metadata is not null and jsonb_typeof(p_metadata) <> 'object' then
    raise exception 'Payment metadata must be a JSON object' using errcode = '22023';
  end if;
  insert into public.payments (amount, status, payment_method, description, user_id, metadata, source)
  values (p_amount, 'pending', 'paypal', p_description, auth.uid(), coalesce(p_metadata, '{}'::jsonb), 'client_recorded')
  returning * into v_payment;
  return v_payment;
end
$$;

create or replace function public.create_paid_gig(p_title text, p_description text) returns public.gigs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_terms record;
  v_payment public.payments;
  v_gig public.gigs;
begin
  if v_uid is null then
    raise exception 'You must be logged in to create a gig' using errcode = '42501';
  end if;
  if not private.aal_satisfied() then
    raise exception 'This account uses multi-factor authentication: verify a factor (aal2) first' using errcode = '42501';
  end if;
  if p_title is null or btrim(p_title) = '' or p_description is null or btrim(p_description) = '' then
    raise exception 'Gig title and description are required' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles where id = v_uid) then
    raise exception 'You must be logged in to create a gig' using errcode = '42501',
      detail = 'The signed-in user has no profile.';
  end if;
  select * into v_terms from private.paid_gig_terms();

  -- Completed on the client's word: nothing proves that money moved (see the source column).
  insert into public.payments (amount, status, payment_method, description, user_id, metadata, source)
  values (v_terms.price, 'completed', 'paypal', left('$600 gig: ' || btrim(p_title), 1000), v_uid,
    jsonb_build_object('kind', 'gig_posting', 'worker_rate', v_terms.worker_rate, 'platform_fee', v_terms.platform_fee), 'self_reported')
  returning * into v_payment;

  insert into public.gigs (user_id, title, description, payment_type, rate, worker_rate, platform_fee, payment_id, status)
  values (v_uid, btrim(p_title), btrim(p_description), 'fixed', v_terms.price, v_terms.worker_rate, v_terms.platform_fee,
    v_payment.id, 'active')
  returning * into v_gig;

  return v_gig;
end
$$;

create or replace function public.write_audit_log() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_details jsonb;
  v_owner uuid;
begin
  if tg_table_name = 'payments' then
    v_owner := new.user_id;
    v_details := jsonb_build_object('payment_id', new.id, 'amount', new.amount, 'status', new.status,
      'payment_method', new.payment_method, 'description', new.description, 'source', new.source);
  elsif tg_table_name = 'gigs' then
    v_owner := new.user_id;
    v_details := jsonb_build_object('gig_id', new.id, 'title', new.title, 'payment_type', new.payment_type,
      'rate', new.rate, 'worker_rate', new.worker_rate, 'platform_fee', new.platform_fee, 'payment_id', new.payment_id);
  else
    v_owner := new.id;
    v_details := jsonb_build_object('profile_id', new.id);
  end if;
  insert into public.audit_logs (operation, table_name, details, user_id)
  values (tg_op, tg_table_name, v_details, coalesce(auth.uid(), v_owner));
  return null;
end
$$;
