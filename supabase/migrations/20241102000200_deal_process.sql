-- App: the engagement process, extended with money (rows of the same process table, family
-- 'deal'). After acceptance:
--   accepted → funded (the poster's money is held) → delivered (the worker marks the work done) →
--   released (the poster approves, or automatically N days after delivery) → paid_out (the money
--   reached the worker's payout account) → paid (the worker confirms it arrived).
-- Also: cancelled (before funding, either party), refunded (after funding and before any delivery,
-- either party; or decided by an operator), delivered → funded (the poster requests changes),
-- disputed (either party, once the work was delivered and until the money is released; or a
-- provider's dispute freezes it) → released / refunded / a split, decided by an operator.
-- The old payment steps (record / confirm / report missing, straight to 'paid' on the worker's
-- word) are replaced: their functions are dropped, application_payments stays as history and is
-- carried into the ledger by the backfill. Forward-only; safe to re-run.

create table if not exists ledger.settings (
  id boolean primary key default true,
  -- The provider new fundings go through: 'manual' (PayPal.me to Need40, an operator confirms) or 'stripe'.
  provider text not null default 'manual',
  -- Days after a delivery without an answer before the money is released automatically.
  auto_release_days integer not null default 14,
  constraint settings_one_row check (id),
  constraint settings_provider_check check (provider in ('manual', 'stripe')),
  constraint settings_auto_release_range check (auto_release_days between 1 and 90)
);
comment on table ledger.settings is 'Payment settings (one row): the provider of new fundings and the auto-release window in days. Changed with SQL by the platform''s owner.';
insert into ledger.settings (id) values (true) on conflict (id) do nothing;
alter table ledger.settings enable row level security;
revoke all on table ledger.settings from public;

alter table public.applications drop constraint if exists applications_status_check;
alter table public.applications add constraint applications_status_check check (status in (
  'applied', 'accepted', 'declined', 'withdrawn', 'closed', 'paid',
  'funded', 'delivered', 'disputed', 'released', 'paid_out', 'cancelled', 'refunded'));

alter table public.applications add column if not exists funded_at timestamptz;
alter table public.applications add column if not exists delivered_at timestamptz;
alter table public.applications add column if not exists release_due_at timestamptz;
alter table public.applications add column if not exists released_at timestamptz;
alter table public.applications add column if not exists paid_out_at timestamptz;
alter table public.applications add column if not exists ended_at timestamptz;
comment on column public.applications.delivered_at is 'The latest delivery of the work (null: never delivered, so the deal may still be cancelled with a refund).';
comment on column public.applications.release_due_at is 'When the money is released automatically if the poster neither approves nor requests changes nor disputes (delivery + auto_release_days).';
create index if not exists applications_release_due_idx on public.applications (release_due_at) where status = 'delivered';

-- The statuses in which the two parties are engaged in a deal (contact details, messages, reviews
-- and the gig's protection from deletion follow from it). One list, here.
create or replace function private.engaged_statuses() returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['accepted', 'funded', 'delivered', 'disputed', 'released', 'paid_out', 'paid', 'refunded']
$$;
comment on function private.engaged_statuses() is 'Statuses of an application whose parties are (or were) in a deal with money: accepted through refunded.';
revoke all on function private.engaged_statuses() from public;

-- ── Notes of the deal: deliveries, change requests, disputes, resolutions, cancellations ─────
create table if not exists public.deal_notes (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  author_role text not null,
  kind text not null,
  body text not null,
  link text,
  -- A file of the delivery, once /storage/v1 exists (an object id there; no foreign key yet).
  attachment_id uuid,
  created_at timestamptz not null default now(),
  constraint deal_notes_author_role_check check (author_role in ('worker', 'poster', 'operator')),
  constraint deal_notes_kind_check check (kind in ('delivery', 'changes', 'dispute', 'resolution', 'cancellation')),
  constraint deal_notes_body_length check (btrim(body) <> '' and char_length(body) <= 2000),
  constraint deal_notes_link_shape check (link ~ '^https?://[^\s]+$' and char_length(link) <= 2000)
);
comment on table public.deal_notes is
  'What the parties (and operators) said at each step of a deal: a delivery (note, link, attachment), a change request, a dispute, a resolution, a cancellation. Read by the two parties; written only by the deal functions.';
create index if not exists deal_notes_application_idx on public.deal_notes (application_id, created_at);

alter table public.deal_notes enable row level security;
revoke all on table public.deal_notes from anon, authenticated, service_role;
grant select on table public.deal_notes to authenticated;
grant select, insert, update, delete on table public.deal_notes to service_role;
drop policy if exists deal_notes_select_parties on public.deal_notes;
create policy deal_notes_select_parties on public.deal_notes
  for select to authenticated
  using (exists (select 1 from public.applications a where a.id = application_id));
drop policy if exists deal_notes_require_aal2 on public.deal_notes;
create policy deal_notes_require_aal2 on public.deal_notes
  as restrictive to authenticated
  using (
    array[(select auth.jwt() ->> 'aal')] <@ (
      select case when count(id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
      from auth.mfa_factors where (select auth.uid()) = user_id and status = 'verified'
    )
  );

-- ── The process ──────────────────────────────────────────────────────────────────────────────
delete from private.application_process where transition in ('record_payment', 'report_payment_missing', 'confirm_payment');
drop function if exists public.record_application_payment(uuid);
drop function if exists public.confirm_payment_received(uuid);
drop function if exists public.report_payment_missing(uuid, text);
drop function if exists private.open_payment(uuid);

insert into private.application_process (transition, from_status, to_status, actor, notify, notice, action, family) values
  ('start_funding', 'accepted', 'accepted', 'poster', null, null, 'pay for this deal', 'deal'),
  ('fund', 'accepted', 'funded', 'system', null, null, 'fund this deal', 'deal'),
  ('fund_from_credit', 'accepted', 'funded', 'poster', null, null, 'pay with your credit', 'deal'),
  ('cancel', 'accepted', 'cancelled', 'party', null, null, 'cancel this deal', 'deal'),
  ('refund_undelivered', 'funded', 'refunded', 'party', null, null, 'cancel this deal', 'deal'),
  ('deliver', 'funded', 'delivered', 'worker', null, null, 'deliver the work', 'deal'),
  ('request_changes', 'delivered', 'funded', 'poster', null, null, 'request changes', 'deal'),
  ('approve', 'delivered', 'released', 'poster', null, null, 'approve the work', 'deal'),
  ('auto_release', 'delivered', 'released', 'system', null, null, 'release the money', 'deal'),
  ('dispute', 'delivered', 'disputed', 'party', null, null, 'open a dispute', 'deal'),
  ('dispute', 'funded', 'disputed', 'party', null, null, 'open a dispute', 'deal'),
  ('freeze', 'funded', 'disputed', 'system', null, null, 'freeze the money', 'deal'),
  ('freeze', 'delivered', 'disputed', 'system', null, null, 'freeze the money', 'deal'),
  ('resolve_release', 'disputed', 'released', 'operator', null, null, 'resolve the dispute', 'deal'),
  ('resolve_split', 'disputed', 'released', 'operator', null, null, 'resolve the dispute', 'deal'),
  ('resolve_refund', 'disputed', 'refunded', 'operator', null, null, 'resolve the dispute', 'deal'),
  ('chargeback', 'disputed', 'refunded', 'system', null, null, 'refund through the card network', 'deal'),
  ('operator_refund', 'funded', 'refunded', 'operator', null, null, 'refund this deal', 'deal'),
  ('operator_refund', 'delivered', 'refunded', 'operator', null, null, 'refund this deal', 'deal'),
  ('operator_refund', 'released', 'refunded', 'operator', null, null, 'refund this deal', 'deal'),
  ('operator_refund', 'paid_out', 'refunded', 'operator', null, null, 'refund this deal', 'deal'),
  ('operator_refund', 'paid', 'refunded', 'operator', null, null, 'refund this deal', 'deal'),
  ('pay_out', 'released', 'paid_out', 'system', null, null, 'record the payout', 'deal'),
  ('confirm_payout', 'paid_out', 'paid', 'worker', null, null, 'confirm the payout arrived', 'deal')
on conflict (transition, from_status) do update
  set to_status = excluded.to_status, actor = excluded.actor, notify = excluded.notify, notice = excluded.notice,
      action = excluded.action, family = excluded.family;

-- ── What follows from being engaged (redefined from 20240401000800, …1100, …1000, 20240501000200) ──
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
        where a.status = any (private.engaged_statuses())
          and ((a.worker_id = p.id and a.poster_id = auth.uid()) or (a.poster_id = p.id and a.worker_id = auth.uid()))
      )
    )
$$;

create or replace function private.gigs_keep_agreed_work() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.applications a where a.gig_id = old.id and a.status = any (private.engaged_statuses())) then
    raise exception 'This gig has an accepted applicant and can no longer be deleted' using errcode = 'N4010';
  end if;
  return old;
end
$$;
