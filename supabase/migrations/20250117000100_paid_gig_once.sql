-- App: the $600 gig is posted (and paid for) once, however often its confirmation is sent. The
-- form chooses the gig's id (p_id) when the person confirms and keeps it for every Retry; a call
-- with an id of a $600 gig the caller already posted returns that gig (no second payment, no
-- second gig); an id used otherwise is refused as a duplicate key (23505), as posting a gig with a
-- client-chosen id is. Without p_id every call posts a new gig, as before. The old five-argument
-- function is replaced (an overload would make PostgREST's choice ambiguous). Forward-only; safe
-- to re-run.

drop function if exists public.create_paid_gig(text, text, numeric, text, text[]);
create or replace function public.create_paid_gig(p_title text, p_description text, p_hours numeric default null,
  p_location text default null, p_skills text[] default null, p_id uuid default null)
returns public.gigs
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
  v_skills text[];
begin
  if v_uid is null then
    raise exception 'You must be logged in to create a gig' using errcode = '42501';
  end if;
  if not private.aal_satisfied() then
    raise exception 'This account uses multi-factor authentication: verify a factor (aal2) first' using errcode = '42501';
  end if;
  -- A repeat of a confirmation that arrived: the gig (and its one payment) written the first time.
  if p_id is not null then
    select g.* into v_gig from public.gigs g where g.id = p_id;
    if v_gig.id is not null then
      if v_gig.user_id = v_uid and v_gig.payment_id is not null then
        return v_gig;
      end if;
      raise exception 'That gig id is already used' using errcode = '23505';
    end if;
  end if;
  if p_title is null or btrim(p_title) = '' or p_description is null or btrim(p_description) = '' then
    raise exception 'Gig title and description are required' using errcode = '22023';
  end if;
  if p_hours is not null and (p_hours <= 0 or p_hours > 100000) then
    raise exception 'The hours must be greater than 0 and at most 100000' using errcode = '22023';
  end if;
  if p_location is not null and p_location not in ('remote', 'onsite', 'hybrid') then
    raise exception 'The location must be remote, onsite or hybrid' using errcode = '22023';
  end if;
  select coalesce(array_agg(btrim(s) order by n), '{}') into v_skills
    from unnest(coalesce(p_skills, '{}')) with ordinality as u(s, n) where btrim(s) <> '';
  if cardinality(v_skills) > 50 or char_length(array_to_string(v_skills, ',')) > 2000 then
    raise exception 'At most 50 skills, 2000 characters in all' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles where id = v_uid) then
    raise exception 'You must be logged in to create a gig' using errcode = '42501',
      detail = 'The signed-in user has no profile.';
  end if;
  select * into v_terms from private.paid_gig_terms();

  -- Completed on the client's word: nothing proves that money moved (see the source column). The
  -- ledger holds it as announced until an operator confirms it (20241102000450).
  insert into public.payments (amount, status, payment_method, description, user_id, metadata, source)
  values (v_terms.price, 'completed', 'paypal', left('$600 gig: ' || btrim(p_title), 1000), v_uid,
    jsonb_build_object('kind', 'gig_posting', 'worker_rate', v_terms.worker_rate, 'platform_fee', v_terms.platform_fee), 'self_reported')
  returning * into v_payment;

  -- Two attempts racing past the check above: the primary key refuses the second (23505) and its
  -- whole transaction, payment included, is undone; the client counts that as done.
  insert into public.gigs (id, user_id, title, description, payment_type, rate, hours, location, skills, worker_rate, platform_fee, payment_id, status)
  values (coalesce(p_id, gen_random_uuid()), v_uid, btrim(p_title), btrim(p_description), 'fixed', v_terms.price, p_hours, p_location, v_skills, v_terms.worker_rate, v_terms.platform_fee,
    v_payment.id, 'active')
  returning * into v_gig;

  return v_gig;
end
$$;
comment on function public.create_paid_gig(text, text, numeric, text, text[], uuid) is
  'The $600 gig path: records a completed $600 paypal payment and an active fixed gig (worker 570, fee 30) for the signed-in user, with optional hours, location and skills. p_id: the id the client chose for the gig; a repeat with it returns that gig (a retry never pays twice), an id used otherwise is refused (23505).';
revoke all on function public.create_paid_gig(text, text, numeric, text, text[], uuid) from public;
grant execute on function public.create_paid_gig(text, text, numeric, text, text[], uuid) to anon, authenticated, service_role;
