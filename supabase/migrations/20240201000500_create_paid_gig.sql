-- App: the $600 gig path. One function, one transaction: a completed $600 paypal payment and an
-- active fixed gig whose fee figures are computed here (never sent by the client), plus their
-- audit rows (triggers). The figures live in one place: private.paid_gig_terms().
-- Forward-only; safe to re-run.

create schema if not exists private;
comment on schema private is 'Helpers that are not part of the REST API.';
revoke all on schema private from public;

-- The business constants of SPEC §9: price $600, platform fee 5% → worker $570, fee $30.
create or replace function private.paid_gig_terms(out price numeric, out worker_rate numeric, out platform_fee numeric)
language sql
immutable
set search_path = ''
as $$
  select 600::numeric, 600::numeric - round(600::numeric * 5 / 100), round(600::numeric * 5 / 100)
$$;
revoke all on function private.paid_gig_terms() from public;

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
comment on function public.create_paid_gig(text, text) is
  'The $600 gig path: records a completed $600 paypal payment and an active fixed gig (worker 570, fee 30) for the signed-in user.';
revoke all on function public.create_paid_gig(text, text) from public;
grant execute on function public.create_paid_gig(text, text) to anon, authenticated, service_role;
