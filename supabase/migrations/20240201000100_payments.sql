-- App: payments (PayPal redirects, Give40 donations, the $600 gig path). Nobody reads another
-- person's payments: a signed-in user reads their own, a visitor reads none. Clients record
-- payments through the record_payment() function (a visitor could not read back a row inserted
-- directly); a signed-in user may also insert a pending row of their own directly.
-- Forward-only; safe to re-run.

create table if not exists public.payments (
  id uuid primary key default gen_random_uuid(),
  amount numeric not null,
  status text not null default 'pending',
  payment_method text not null default 'paypal',
  description text,
  user_id uuid references auth.users (id) on delete set null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint payments_amount_range check (amount > 0 and amount <= 100000),
  constraint payments_status_check check (status in ('pending', 'completed')),
  constraint payments_payment_method_check check (payment_method in ('paypal')),
  constraint payments_description_length check (char_length(description) <= 1000),
  constraint payments_metadata_object check (jsonb_typeof(metadata) = 'object' and octet_length(metadata::text) <= 10000)
);
comment on table public.payments is
  'Payments recorded by the app (pending: PayPal redirect or donation; completed: the $600 gig path). Owner-readable only.';

create index if not exists payments_user_id_created_at_idx on public.payments (user_id, created_at desc);

alter table public.payments enable row level security;
revoke all on table public.payments from anon, authenticated, service_role;
grant select on table public.payments to authenticated;
grant insert (amount, status, payment_method, description, user_id, metadata) on table public.payments to authenticated;
grant select, insert, update, delete on table public.payments to service_role;

drop policy if exists payments_select_own on public.payments;
create policy payments_select_own on public.payments
  for select to authenticated
  using (user_id = (select auth.uid()));

drop policy if exists payments_insert_own_pending on public.payments;
create policy payments_insert_own_pending on public.payments
  for insert to authenticated
  with check (status = 'pending' and user_id = (select auth.uid()));
