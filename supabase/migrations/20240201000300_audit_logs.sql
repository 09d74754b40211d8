-- App: audit trail written by the database itself (SECURITY DEFINER triggers) after a payment or a
-- gig is created and after a profile changes. Clients cannot write it (no privileges, no write
-- policies); a signed-in user reads only the rows about their own actions. Forward-only; safe to re-run.

create table if not exists public.audit_logs (
  id bigint generated always as identity primary key,
  operation text not null,
  table_name text not null,
  details jsonb not null default '{}'::jsonb,
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint audit_logs_operation_check check (operation in ('INSERT', 'UPDATE', 'DELETE')),
  constraint audit_logs_details_object check (jsonb_typeof(details) = 'object')
);
comment on table public.audit_logs is
  'Append-only audit trail written by triggers (payments, gigs, profiles). Not writable by clients; users read their own rows.';

create index if not exists audit_logs_user_id_created_at_idx on public.audit_logs (user_id, created_at desc);

alter table public.audit_logs enable row level security;
revoke all on table public.audit_logs from anon, authenticated, service_role;
grant select on table public.audit_logs to authenticated, service_role;

drop policy if exists audit_logs_select_own on public.audit_logs;
create policy audit_logs_select_own on public.audit_logs
  for select to authenticated
  using (user_id = (select auth.uid()));

-- One trigger function for the three tables: the acting user is the request's auth.uid(), or the
-- row's owner when the database acts on its own (e.g. the signup trigger).
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
      'payment_method', new.payment_method, 'description', new.description);
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
revoke all on function public.write_audit_log() from public;

drop trigger if exists payments_audit on public.payments;
create trigger payments_audit
  after insert on public.payments
  for each row execute function public.write_audit_log();

drop trigger if exists gigs_audit on public.gigs;
create trigger gigs_audit
  after insert on public.gigs
  for each row execute function public.write_audit_log();

drop trigger if exists profiles_audit on public.profiles;
create trigger profiles_audit
  after update on public.profiles
  for each row execute function public.write_audit_log();
