-- App: the agreed amount of an accepted application and its Need40 split, computed by the database:
-- fixed gigs — the gig's rate; hourly gigs — the rate the worker proposed (or the gig's rate) ×
-- the agreed hours (the gig's hours when accepted; the poster may set them until a payment is
-- recorded). The platform keeps 5% (rounded to the cent), the worker the rest. The application
-- also gains its last state, 'paid' (the worker confirmed the payment), and the process gains the
-- payment steps. Forward-only; safe to re-run.

alter table public.applications add column if not exists agreed_hours numeric;
alter table public.applications add column if not exists agreed_amount numeric;
alter table public.applications add column if not exists worker_amount numeric;
alter table public.applications add column if not exists platform_fee numeric;
alter table public.applications drop constraint if exists applications_agreed_hours_range;
alter table public.applications add constraint applications_agreed_hours_range check (agreed_hours > 0 and agreed_hours <= 100000);
alter table public.applications drop constraint if exists applications_status_check;
alter table public.applications add constraint applications_status_check
  check (status in ('applied', 'accepted', 'declined', 'withdrawn', 'closed', 'paid'));
comment on column public.applications.agreed_amount is 'What the poster pays for an accepted application (computed by the database); worker_amount + platform_fee = agreed_amount.';
comment on column public.applications.platform_fee is 'The Need40 fee: 5% of agreed_amount, rounded to the cent.';

-- Keeps the amounts in step with the status and the agreed hours (clients hold no write privilege).
create or replace function private.applications_compute_terms() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_gig record;
  v_amount numeric;
begin
  if new.status not in ('accepted', 'paid') then
    return new;
  end if;
  select g.payment_type, g.rate, g.hours into v_gig from public.gigs g where g.id = new.gig_id;
  if v_gig.payment_type = 'fixed' then
    new.agreed_hours := null;
    v_amount := v_gig.rate;
  else
    if new.agreed_hours is null then
      new.agreed_hours := v_gig.hours;
    end if;
    v_amount := round(coalesce(new.proposed_rate, v_gig.rate) * new.agreed_hours, 2);
  end if;
  new.agreed_amount := v_amount;
  new.platform_fee := case when v_amount is null then null else round(v_amount * 5 / 100, 2) end;
  new.worker_amount := v_amount - new.platform_fee;
  return new;
end
$$;
comment on function private.applications_compute_terms() is 'Trigger: agreed amount and split of an accepted or paid application.';
revoke all on function private.applications_compute_terms() from public;

drop trigger if exists applications_compute_terms on public.applications;
create trigger applications_compute_terms
  before insert or update on public.applications
  for each row execute function private.applications_compute_terms();

insert into private.application_process (transition, from_status, to_status, actor, notify, notice, action) values
  ('set_agreed_hours', 'accepted', 'accepted', 'poster', null, null, 'set the agreed hours'),
  ('record_payment', 'accepted', 'accepted', 'poster', null, null, 'record a payment'),
  ('report_payment_missing', 'accepted', 'accepted', 'worker', null, null, 'report the payment missing'),
  ('confirm_payment', 'accepted', 'paid', 'worker', null, null, 'confirm the payment')
on conflict (transition, from_status) do update
  set to_status = excluded.to_status, actor = excluded.actor, notify = excluded.notify, notice = excluded.notice, action = excluded.action;

-- Contact details: an accepted application stays shared once it is paid.
create or replace function public.contact_details(p_user_id uuid)
returns table (user_id uuid, email text, phone text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.contact_email, p.contact_phone
  from public.profiles p
  where p.id = p_user_id
    and auth.uid() is not null
    and private.session_aal_ok()
    and (
      p.id = auth.uid()
      or exists (
        select 1 from public.applications a
        where a.status in ('accepted', 'paid')
          and ((a.worker_id = p.id and a.poster_id = auth.uid()) or (a.poster_id = p.id and a.worker_id = auth.uid()))
      )
    )
$$;
