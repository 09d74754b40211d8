-- App: the books — a double-entry ledger in integer cents (schema `ledger`, not exposed through
-- /rest/v1; no API role has any privilege in it). Modelled on pgledger (accounts, balanced
-- transfers, accounts locked in id order, running balances on entries), TigerBeetle's two-phase
-- transfers (a pending hold that a later transaction posts or voids) and Modern Treasury's
-- posted / pending / available balances.
--   accounts      one per subject: the platform's cash at each provider, funds held for each
--                 application, a gig's prepaid funds, what is owed to each member (payable), what a
--                 member owes back (receivable), a member's credit, refunds due to a member, fee
--                 revenue, campaign donations, and the outside world.
--   transactions  immutable; each carries an idempotency key (unique) and its evidence: the
--                 provider and its reference or event id, the operator who recorded it, the member
--                 who fired it.
--   entries       immutable; + is a debit, − a credit; the entries of a transaction sum to zero
--                 (checked by ledger.post and again by a statement trigger).
-- Accounts of one member or one deal keep their totals (TigerBeetle's four counters) under a row
-- lock and can never be overdrawn (a check constraint); platform-wide accounts (cash, fee revenue,
-- donations, world) keep none — a row every release updated would serialise all releases — and
-- their balances are sums of their entries. Forward-only; safe to re-run.

create table if not exists ledger.accounts (
  id bigint generated always as identity primary key,
  kind text not null,
  -- One account per subject: 'held:<application>', 'payable:<member>', 'cash:manual', 'fee_revenue', …
  key text not null unique,
  provider text,
  owner_id uuid,
  application_id uuid,
  gig_id uuid,
  normal text not null,
  tracked boolean not null,
  debits_posted bigint not null default 0,
  credits_posted bigint not null default 0,
  debits_pending bigint not null default 0,
  credits_pending bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint accounts_kind_check check (kind in
    ('cash', 'held', 'gig_prepaid', 'payable', 'receivable', 'credit', 'refund_due', 'fee_revenue', 'donations', 'world')),
  constraint accounts_normal_check check (normal in ('debit', 'credit')),
  constraint accounts_totals_not_negative check (debits_posted >= 0 and credits_posted >= 0 and debits_pending >= 0 and credits_pending >= 0),
  -- Never overdrawn: what is taken out (posted or reserved) never exceeds what was posted in.
  constraint accounts_never_overdrawn check (
    not tracked
    or (normal = 'credit' and debits_posted + debits_pending <= credits_posted)
    or (normal = 'debit' and credits_posted + credits_pending <= debits_posted)
  )
);
comment on table ledger.accounts is
  'Ledger accounts, one per subject (key). Tracked accounts (one member''s or one deal''s) keep posted and pending totals and can never be overdrawn; platform-wide ones are sums of their entries.';
create index if not exists accounts_owner_idx on ledger.accounts (owner_id) where owner_id is not null;
create index if not exists accounts_application_idx on ledger.accounts (application_id) where application_id is not null;

create table if not exists ledger.transactions (
  id bigint generated always as identity primary key,
  kind text not null,
  -- posted: one phase. pending: a hold; a later post_pending row (same entries, posted) or
  -- void_pending row (no entries) resolves it, once.
  phase text not null,
  pending_id bigint references ledger.transactions (id),
  idempotency_key text not null unique,
  -- The sum of the debits; and the change of fee revenue it made (revenue reports add these).
  amount_cents bigint not null,
  fee_cents bigint not null default 0,
  application_id uuid,
  gig_id uuid,
  payment_id uuid,
  -- Who it concerns: the member paying in (a deal's poster, a payment's payer) and the worker.
  payer_id uuid,
  payee_id uuid,
  -- Evidence.
  provider text not null,
  provider_ref text,
  method text,
  operator_id uuid,
  actor_id uuid,
  note text,
  created_at timestamptz not null default now(),
  constraint transactions_phase_check check (phase in ('posted', 'pending', 'post_pending', 'void_pending')),
  constraint transactions_pending_link check ((phase in ('post_pending', 'void_pending')) = (pending_id is not null)),
  constraint transactions_one_resolution unique (pending_id),
  constraint transactions_amount_check check (amount_cents >= 0),
  constraint transactions_key_length check (char_length(idempotency_key) between 1 and 200),
  constraint transactions_text_lengths check (char_length(provider_ref) <= 500 and char_length(method) <= 100 and char_length(note) <= 2000)
);
comment on table ledger.transactions is
  'Immutable, balanced ledger transactions with an idempotency key and their evidence (provider reference, operator, actor). Corrections are new transactions.';
create index if not exists transactions_application_idx on ledger.transactions (application_id, id) where application_id is not null;
create index if not exists transactions_payer_idx on ledger.transactions (payer_id, id desc) where payer_id is not null;
create index if not exists transactions_payee_idx on ledger.transactions (payee_id, id desc) where payee_id is not null;
create index if not exists transactions_gig_idx on ledger.transactions (gig_id) where gig_id is not null;
create index if not exists transactions_payment_idx on ledger.transactions (payment_id) where payment_id is not null;
create index if not exists transactions_kind_created_idx on ledger.transactions (kind, created_at);

create table if not exists ledger.entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger.transactions (id),
  account_id bigint not null references ledger.accounts (id),
  amount_cents bigint not null,
  pending boolean not null,
  -- A tracked account's posted balance (in its normal direction) after this posted entry.
  balance_after bigint,
  constraint entries_amount_not_zero check (amount_cents <> 0)
);
comment on table ledger.entries is 'Immutable entries of ledger transactions: + debit, − credit; each transaction''s entries sum to zero.';
create index if not exists entries_account_idx on ledger.entries (account_id, id);
create index if not exists entries_transaction_idx on ledger.entries (transaction_id);

-- ── Immutable and balanced, whoever writes ───────────────────────────────────────────────────
create or replace function ledger.refuse_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The ledger is append-only: % on ledger.% is refused', tg_op, tg_table_name
    using errcode = '42501', hint = 'Correct a transaction with a new one.';
end
$$;
comment on function ledger.refuse_change() is 'Trigger: transactions and entries are never updated, deleted or truncated, not even by their owner.';
revoke all on function ledger.refuse_change() from public;

drop trigger if exists transactions_immutable on ledger.transactions;
create trigger transactions_immutable before update or delete on ledger.transactions for each row execute function ledger.refuse_change();
drop trigger if exists transactions_no_truncate on ledger.transactions;
create trigger transactions_no_truncate before truncate on ledger.transactions for each statement execute function ledger.refuse_change();
drop trigger if exists entries_immutable on ledger.entries;
create trigger entries_immutable before update or delete on ledger.entries for each row execute function ledger.refuse_change();
drop trigger if exists entries_no_truncate on ledger.entries;
create trigger entries_no_truncate before truncate on ledger.entries for each statement execute function ledger.refuse_change();

-- Accounts: only their totals move; what an account is never changes, and none is deleted.
create or replace function ledger.accounts_keep_identity() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or (new.kind, new.key, new.provider, new.owner_id, new.application_id, new.gig_id, new.normal, new.tracked, new.created_at)
      is distinct from (old.kind, old.key, old.provider, old.owner_id, old.application_id, old.gig_id, old.normal, old.tracked, old.created_at) then
    raise exception 'A ledger account''s identity never changes and it is never deleted' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke all on function ledger.accounts_keep_identity() from public;
drop trigger if exists accounts_keep_identity on ledger.accounts;
create trigger accounts_keep_identity before update or delete on ledger.accounts for each row execute function ledger.accounts_keep_identity();
drop trigger if exists accounts_no_truncate on ledger.accounts;
create trigger accounts_no_truncate before truncate on ledger.accounts for each statement execute function ledger.refuse_change();

-- Every transaction an INSERT touched sums to zero over all its entries (so entries can never be
-- added to a balanced transaction later either). One statement-level check per insert.
create or replace function ledger.entries_balanced() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_bad bigint;
begin
  select t.transaction_id into v_bad
    from (select distinct n.transaction_id from new_entries n) t
   where (select sum(e.amount_cents) from ledger.entries e where e.transaction_id = t.transaction_id) <> 0
   limit 1;
  if v_bad is not null then
    raise exception 'Ledger transaction % does not balance', v_bad using errcode = '23514';
  end if;
  return null;
end
$$;
revoke all on function ledger.entries_balanced() from public;
drop trigger if exists entries_balanced on ledger.entries;
create trigger entries_balanced after insert on ledger.entries referencing new table as new_entries
  for each statement execute function ledger.entries_balanced();

alter table ledger.accounts enable row level security;
alter table ledger.transactions enable row level security;
alter table ledger.entries enable row level security;
revoke all on all tables in schema ledger from public;
