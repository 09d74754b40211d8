-- App: paying for an accepted application. The poster records a pending payment for the agreed
-- amount (the client then opens the PayPal.me link for it); the worker confirms receipt (the
-- payment is completed, the application paid) or reports it missing (with a note; the poster may
-- record a new payment). The poster can never complete their own payment: each step is a process
-- transition with its actor. Both parties read the payment; nobody writes it directly.
-- Forward-only; safe to re-run.

create table if not exists public.application_payments (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null,
  payer_id uuid not null,
  payee_id uuid not null,
  amount numeric not null,
  worker_amount numeric not null,
  platform_fee numeric not null,
  status text not null default 'pending',
  missing_note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint application_payments_application_id_fkey foreign key (application_id) references public.applications (id) on delete cascade,
  constraint application_payments_payer_id_fkey foreign key (payer_id) references public.profiles (id) on delete cascade,
  constraint application_payments_payee_id_fkey foreign key (payee_id) references public.profiles (id) on delete cascade,
  constraint application_payments_status_check check (status in ('pending', 'completed', 'missing')),
  constraint application_payments_split check (amount > 0 and worker_amount + platform_fee = amount),
  constraint application_payments_missing_note_length check (char_length(missing_note) <= 500)
);
comment on table public.application_payments is
  'Payments for accepted applications: pending (recorded by the poster) → completed (confirmed by the worker) | missing (reported by the worker). Read by the two parties only.';

-- One payment in flight or done per application (a missing one may be followed by a new one).
create unique index if not exists application_payments_one_open on public.application_payments (application_id) where status in ('pending', 'completed');
create index if not exists application_payments_application_id_idx on public.application_payments (application_id, created_at desc);
create index if not exists application_payments_payer_id_idx on public.application_payments (payer_id, created_at desc);
create index if not exists application_payments_payee_id_idx on public.application_payments (payee_id, created_at desc);

alter table public.application_payments enable row level security;
revoke all on table public.application_payments from anon, authenticated, service_role;
grant select on table public.application_payments to authenticated;
grant select, insert, update, delete on table public.application_payments to service_role;

drop policy if exists application_payments_select_parties on public.application_payments;
create policy application_payments_select_parties on public.application_payments
  for select to authenticated
  using (payer_id = (select auth.uid()) or payee_id = (select auth.uid()));

drop policy if exists application_payments_require_aal2 on public.application_payments;
create policy application_payments_require_aal2 on public.application_payments
  as restrictive
  to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors
      where (select auth.uid()) = user_id and status = 'verified'
    )
  );

-- The application's payment that is pending or completed, if any (locked).
create or replace function private.open_payment(p_application_id uuid) returns public.application_payments
language sql
security definer
set search_path = ''
as $$
  select p.* from public.application_payments p
  where p.application_id = p_application_id and p.status in ('pending', 'completed')
  for update
$$;
revoke all on function private.open_payment(uuid) from public;

create or replace function public.set_agreed_hours(p_application_id uuid, p_hours numeric) returns public.applications
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('set the agreed hours');
  v_app public.applications;
begin
  v_app := private.fire_application_transition(p_application_id, 'set_agreed_hours', v_uid);
  if (select g.payment_type from public.gigs g where g.id = v_app.gig_id) <> 'hourly' then
    raise exception 'Agreed hours apply only to hourly gigs' using errcode = '22023';
  end if;
  if p_hours is null or p_hours <= 0 or p_hours > 100000 then
    raise exception 'The agreed hours must be greater than 0 and at most 100000' using errcode = '22023';
  end if;
  if (private.open_payment(v_app.id)).id is not null then
    raise exception 'A payment is already recorded for this application' using errcode = 'N4006';
  end if;
  update public.applications set agreed_hours = p_hours where id = v_app.id returning * into v_app;
  return v_app;
end
$$;
comment on function public.set_agreed_hours(uuid, numeric) is 'The poster sets the agreed hours of an accepted hourly application (until a payment is recorded); the amount and split follow.';

create or replace function public.record_application_payment(p_application_id uuid) returns public.application_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('record a payment');
  v_app public.applications;
  v_payment public.application_payments;
begin
  v_app := private.fire_application_transition(p_application_id, 'record_payment', v_uid);
  if (private.open_payment(v_app.id)).id is not null then
    raise exception 'A payment is already recorded for this application' using errcode = 'N4006';
  end if;
  if v_app.agreed_amount is null or v_app.agreed_amount <= 0 then
    raise exception 'Set the agreed hours before paying' using errcode = 'N4007';
  end if;
  insert into public.application_payments (application_id, payer_id, payee_id, amount, worker_amount, platform_fee)
  values (v_app.id, v_app.poster_id, v_app.worker_id, v_app.agreed_amount, v_app.worker_amount, v_app.platform_fee)
  returning * into v_payment;
  return v_payment;
end
$$;
comment on function public.record_application_payment(uuid) is 'The poster records a pending payment of the agreed amount for an accepted application.';

create or replace function public.confirm_payment_received(p_application_id uuid) returns public.application_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('confirm a payment');
  v_app public.applications;
  v_payment public.application_payments;
begin
  v_app := private.fire_application_transition(p_application_id, 'confirm_payment', v_uid);
  -- The latest payment that is pending, or reported missing and then found.
  select p.* into v_payment from public.application_payments p
   where p.application_id = v_app.id and p.status in ('pending', 'missing')
   order by p.created_at desc, p.id limit 1 for update;
  if v_payment.id is null then
    raise exception 'There is no payment to confirm yet' using errcode = 'N4008';
  end if;
  update public.application_payments set status = 'completed', completed_at = now(), updated_at = now()
   where id = v_payment.id returning * into v_payment;
  return v_payment;
end
$$;
comment on function public.confirm_payment_received(uuid) is 'The worker confirms the payment arrived: the payment is completed and the application paid.';

create or replace function public.report_payment_missing(p_application_id uuid, p_note text default null) returns public.application_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member('report a missing payment');
  v_app public.applications;
  v_payment public.application_payments;
begin
  v_app := private.fire_application_transition(p_application_id, 'report_payment_missing', v_uid);
  if char_length(p_note) > 500 then
    raise exception 'The note must be at most 500 characters' using errcode = '22023';
  end if;
  v_payment := private.open_payment(v_app.id);
  if v_payment.id is null or v_payment.status <> 'pending' then
    raise exception 'There is no pending payment to report' using errcode = 'N4008';
  end if;
  update public.application_payments set status = 'missing', missing_note = nullif(btrim(p_note), ''), updated_at = now()
   where id = v_payment.id returning * into v_payment;
  return v_payment;
end
$$;
comment on function public.report_payment_missing(uuid, text) is 'The worker reports that a recorded payment did not arrive (with an optional note); the poster may record a new one.';

revoke all on function public.set_agreed_hours(uuid, numeric) from public;
revoke all on function public.record_application_payment(uuid) from public;
revoke all on function public.confirm_payment_received(uuid) from public;
revoke all on function public.report_payment_missing(uuid, text) from public;
grant execute on function public.set_agreed_hours(uuid, numeric) to anon, authenticated, service_role;
grant execute on function public.record_application_payment(uuid) to anon, authenticated, service_role;
grant execute on function public.confirm_payment_received(uuid) to anon, authenticated, service_role;
grant execute on function public.report_payment_missing(uuid, text) to anon, authenticated, service_role;
