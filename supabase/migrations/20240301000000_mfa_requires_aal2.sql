-- App: multi-factor authentication that holds. Once a user has a verified factor, a password-only
-- (aal1) session may no longer reach their money or personal data: Supabase's documented pattern of
-- restrictive policies that require the JWT's aal claim to be aal2 for users with a verified
-- factor. Users without a factor, visitors and the service role are unaffected. Reads of the public
-- marketplace (profiles, gigs) stay open; writing in the user's name needs aal2.
-- Forward-only; safe to re-run.

-- True unless the caller has a verified factor and the request's token is below aal2. SECURITY
-- DEFINER: the API roles cannot read auth.mfa_factors. Lives in the private schema (not exposed
-- by the API); the API roles may only execute it, from policies.
create or replace function private.aal_satisfied() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
       where f.user_id = auth.uid() and f.status = 'verified'
    )
$$;
comment on function private.aal_satisfied() is
  'False when the caller has a verified MFA factor but the request''s token is not aal2.';
revoke all on function private.aal_satisfied() from public;
grant usage on schema private to anon, authenticated, service_role;
grant execute on function private.aal_satisfied() to anon, authenticated, service_role;

-- Payments: reading your own and inserting a pending one.
drop policy if exists payments_require_aal2 on public.payments;
create policy payments_require_aal2 on public.payments
  as restrictive
  for all to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

-- The audit trail of your own actions.
drop policy if exists audit_logs_require_aal2 on public.audit_logs;
create policy audit_logs_require_aal2 on public.audit_logs
  as restrictive
  for select to authenticated
  using ((select private.aal_satisfied()));

-- Your profile (contact details, rates): everyone reads it, only aal2 changes it.
drop policy if exists profiles_update_require_aal2 on public.profiles;
create policy profiles_update_require_aal2 on public.profiles
  as restrictive
  for update to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

-- Gigs posted, edited or deleted in your name.
drop policy if exists gigs_insert_require_aal2 on public.gigs;
create policy gigs_insert_require_aal2 on public.gigs
  as restrictive
  for insert to authenticated
  with check ((select private.aal_satisfied()));

drop policy if exists gigs_update_require_aal2 on public.gigs;
create policy gigs_update_require_aal2 on public.gigs
  as restrictive
  for update to authenticated
  using ((select private.aal_satisfied()))
  with check ((select private.aal_satisfied()));

drop policy if exists gigs_delete_require_aal2 on public.gigs;
create policy gigs_delete_require_aal2 on public.gigs
  as restrictive
  for delete to authenticated
  using ((select private.aal_satisfied()));

-- The two functions that write payments run as their owner (policies do not apply), so they ask
-- the same question themselves. The bodies are otherwise those of 20240201000400 and 20240201000500.
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
  insert into public.payments (amount, status, payment_method, description, user_id, metadata)
  values (p_amount, 'pending', 'paypal', p_description, auth.uid(), coalesce(p_metadata, '{}'::jsonb))
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

  insert into public.payments (amount, status, payment_method, description, user_id, metadata)
  values (v_terms.price, 'completed', 'paypal', left('$600 gig: ' || btrim(p_title), 1000), v_uid,
    jsonb_build_object('kind', 'gig_posting', 'worker_rate', v_terms.worker_rate, 'platform_fee', v_terms.platform_fee))
  returning * into v_payment;

  insert into public.gigs (user_id, title, description, payment_type, rate, worker_rate, platform_fee, payment_id, status)
  values (v_uid, btrim(p_title), btrim(p_description), 'fixed', v_terms.price, v_terms.worker_rate, v_terms.platform_fee,
    v_payment.id, 'active')
  returning * into v_gig;

  return v_gig;
end
$$;
