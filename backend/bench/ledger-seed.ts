/**
 * The books of bench:ledger, loaded in bulk: `members` members (through auth.users, so profiles
 * exist), one gig and one accepted deal per deal, and the deals' ledger history as the deal
 * functions write it — NOT through ledger.post (one plpgsql call per transaction would take an hour
 * for a million), but as the same rows set-based: the same keys, kinds, phases, evidence and
 * entries, balance_after as apply_lines keeps it, the tracked accounts' totals summed from their
 * entries. The ledger's constraints and triggers stay on while loading (immutability, the
 * statement-level balance check, never overdrawn); checkSeed() verifies the books afterwards.
 *
 * Deal i (1-based): poster = member i % members, worker = another member; amount $20–$1000;
 * status by i % 20: 0 delivered (funded, awaiting approval — what the release bench approves),
 * 1 released (owed to the worker), 2 funded, else paid (paid out). Its transactions:
 *   fund-hold:<app>:1  funding/pending       cash:manual Dr A / held Cr A (pending)
 *   fund:<app>         funding/post_pending  the hold, posted
 *   release:<app>      release/posted        held Dr A / payable⟨worker⟩ Cr A−F / fee_revenue Cr F
 *   payout:<app>       payout/posted         payable⟨worker⟩ Dr A−F / cash:manual Cr A−F
 * (3.75 transactions per deal on average; `transactions` sets the number of deals.)
 */
import pg from 'pg';
import type { Database } from '../src/db/types';

/** Transactions per deal, averaged over the status mix above. */
const PER_DEAL = (2 + 3 + 2 + 17 * 4) / 20;
const CHUNK = 250_000;

export async function seedLedger(db: Database, transactions: number, members: number, log: (s: string) => void): Promise<number> {
  const deals = Math.ceil(transactions / PER_DEAL);
  const q = (sql: string) => db.transaction((tx) => tx.query(sql));
  await q(`insert into auth.users (email, raw_user_meta_data)
    select 'member' || i || '@example.com', jsonb_build_object('full_name', 'Member ' || i) from generate_series(0, ${members - 1}) i`);
  await q('create table public.bench_members as select row_number() over (order by id) - 1 as n, id from public.profiles');
  await q('create unique index on public.bench_members (n)');
  log(`${members.toLocaleString('en-US')} members`);

  await q(`create unlogged table public.bench_deals as
    select i, md5('bdeal' || i)::uuid as app, md5('bgig' || i)::uuid as gig, p.id as poster, w.id as worker, d.amount,
           ledger.platform_fee_cents(d.amount) as fee,
           (case i % 20 when 0 then 'delivered' when 1 then 'released' when 2 then 'funded' else 'paid' end) as status,
           timestamptz '2026-01-01' + make_interval(secs => i * 60) as at
    from generate_series(1, ${deals}) i
    cross join lateral (select 2000 + (i::bigint * 7919) % 98000 as amount) d
    join public.bench_members p on p.n = i % ${members}
    join public.bench_members w on w.n = (i + 1 + (i::bigint * 104729) % ${members - 1}) % ${members}`);
  await q(`alter table public.gigs disable trigger user; alter table public.applications disable trigger user;
    insert into public.gigs (id, user_id, title, description, payment_type, rate, hours, location, skills, status, applicant_count, created_at)
      select gig, poster, 'Deal gig #' || i, 'Generated gig ' || i, 'fixed', amount / 100.0, 1, 'remote', array['sql'], 'filled', 1, at from public.bench_deals;
    insert into public.applications (id, gig_id, worker_id, poster_id, message, status, created_at, updated_at, accepted_at, funded_at, delivered_at,
        released_at, paid_out_at, release_due_at, deal_payment_type, deal_rate_cents, deal_amount_cents, deal_fee_cents, deal_worker_cents,
        agreed_amount, platform_fee, worker_amount)
      select app, gig, worker, poster, 'I can do deal ' || i, status, at, at, at, at + interval '1 hour',
             case when status <> 'funded' then at + interval '2 days' end, case when status in ('released', 'paid') then at + interval '3 days' end,
             case when status = 'paid' then at + interval '5 days' end, case when status = 'delivered' then now() + interval '30 days' end,
             'fixed', amount, amount, fee, amount - fee, amount / 100.0, fee / 100.0, (amount - fee) / 100.0
      from public.bench_deals;
    alter table public.gigs enable trigger user; alter table public.applications enable trigger user`);
  log(`${deals.toLocaleString('en-US')} gigs and deals`);

  // Accounts: the two platform-wide ones through ledger.account(); per deal and per member in bulk, keyed as ledger.account() keys them.
  await q(`select ledger.account('cash', p_provider => 'manual'), ledger.account('fee_revenue')`);
  await q(`insert into ledger.accounts (kind, key, owner_id, application_id, normal, tracked)
    select 'held', 'held:' || app, null, app, 'credit', true from public.bench_deals
    union all select k.kind, k.kind || ':' || m.id, m.id, null, k.normal, true
      from public.bench_members m cross join (values ('payable', 'credit'), ('receivable', 'debit'), ('refund_due', 'credit')) k(kind, normal)`);

  // The transactions, numbered in time order (ids as the identity would have given them).
  await q(`create unlogged table public.bench_txn as
    select row_number() over (order by s.at, d.i, s.step) as id, d.i, s.step, s.kind, s.phase, s.key, s.amount, s.fee, s.at, d.app, d.gig, d.poster, d.worker,
           null::bigint as pending_id
    from public.bench_deals d cross join lateral (values
      (1, 'funding', 'pending', 'fund-hold:' || d.app || ':1', d.amount, 0::bigint, d.at),
      (2, 'funding', 'post_pending', 'fund:' || d.app, d.amount, 0::bigint, d.at + interval '1 hour'),
      (3, 'release', 'posted', 'release:' || d.app, d.amount, d.fee, d.at + interval '3 days'),
      (4, 'payout', 'posted', 'payout:' || d.app, d.amount - d.fee, 0::bigint, d.at + interval '5 days')
    ) s(step, kind, phase, key, amount, fee, at)
    where s.step <= case d.status when 'paid' then 4 when 'released' then 3 else 2 end`);
  await q('create index on public.bench_txn (i, step)');
  await q('update public.bench_txn p set pending_id = h.id from public.bench_txn h where p.step = 2 and h.i = p.i and h.step = 1');
  const total = Number((await db.transaction((tx) => tx.query<{ n: string }>('select max(id)::text as n from public.bench_txn'))).rows[0]!.n);
  for (let from = 0; from < total; from += CHUNK) {
    await q(`insert into ledger.transactions (id, kind, phase, pending_id, idempotency_key, amount_cents, fee_cents, application_id, gig_id,
        payer_id, payee_id, provider, provider_ref, method, actor_id, created_at)
      overriding system value
      select id, kind, phase, pending_id, key, amount, fee, app, gig, poster, worker, 'manual',
             case step when 1 then 'N40-' || upper(substr(md5(app::text), 1, 8)) when 2 then 'PP-' || i when 4 then 'PAYPAL-' || i end,
             case step when 4 then 'paypal' end, case step when 1 then poster when 3 then poster end, at
      from public.bench_txn where id > ${from} and id <= ${from + CHUNK} order by id`);
  }
  await q(`select setval(pg_get_serial_sequence('ledger.transactions', 'id'), ${total})`);
  log(`${total.toLocaleString('en-US')} transactions`);

  // Entries, with a tracked account's running posted balance (in its normal direction) after each.
  await q(`create unlogged table public.bench_lines as
    select l.txn, l.account, l.amount, l.pending,
           case when a.tracked and not l.pending then sum(case when l.pending then 0 when a.normal = 'credit' then -l.amount else l.amount end)
             over (partition by l.account order by l.txn) end as balance_after
    from (
      select t.id as txn, x.account, x.amount, t.phase = 'pending' as pending
      from public.bench_txn t cross join lateral (values
        (case when t.step in (1, 2) then 'cash:manual' when t.step = 3 then 'held:' || t.app else 'payable:' || t.worker end, t.amount),
        (case when t.step in (1, 2) then 'held:' || t.app when t.step = 3 then 'payable:' || t.worker else 'cash:manual' end,
         case when t.step = 3 then -(t.amount - t.fee) else -t.amount end),
        (case when t.step = 3 then 'fee_revenue' end, -t.fee)
      ) x0(k, amount) join lateral (select x1.id as account, x0.amount from ledger.accounts x1 where x1.key = x0.k) x on true
    ) l join ledger.accounts a on a.id = l.account`);
  await q('create index on public.bench_lines (txn)');
  for (let from = 0; from < total; from += CHUNK) {
    await q(`insert into ledger.entries (transaction_id, account_id, amount_cents, pending, balance_after)
      select txn, account, amount, pending, balance_after from public.bench_lines where txn > ${from} and txn <= ${from + CHUNK} order by txn, account`);
  }
  await q(`update ledger.accounts a set debits_posted = s.d, credits_posted = s.c
    from (select account, sum(greatest(amount, 0)) filter (where not pending) as d, sum(greatest(-amount, 0)) filter (where not pending) as c
          from public.bench_lines group by account) s
    where a.id = s.account and a.tracked`);
  log('entries and account totals');
  await q('select ledger.roll_up(10000000)');
  await q('drop table public.bench_lines; drop table public.bench_txn');
  return deals;
}

/**
 * The loaded books as a database in service has them: vacuumed and analysed (autovacuum would have
 * done so long ago; a bulk load leaves every row's hint bits unset, so the first reader of each page
 * would write it) and checkpointed (so the load's own checkpoint does not run during the
 * measurements). VACUUM runs outside a transaction, hence its own connection; CHECKPOINT needs a
 * superuser (or pg_checkpoint), as the bench's admin URL is.
 */
export async function settleBooks(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const t of ['ledger.accounts', 'ledger.transactions', 'ledger.entries', 'public.applications', 'public.gigs', 'public.profiles', 'auth.users']) {
      await c.query(`vacuum (analyze) ${t}`);
    }
    await c.query('checkpoint');
  } finally {
    await c.end();
  }
}

/** The invariants of the whole books (each figure must be 0), cheap enough for millions of rows. */
export const BOOKS_SQL = `select
  (select count(*) from (select transaction_id from ledger.entries group by 1 having sum(amount_cents) <> 0) x) as unbalanced,
  (select coalesce(sum(amount_cents), 0) from ledger.entries) as created_or_lost,
  (select count(*) from ledger.accounts a where a.tracked and a.kind <> 'receivable' and a.debits_posted + a.debits_pending > a.credits_posted) as overdrawn,
  (select count(*) from ledger.accounts a left join (
     select account_id, sum(greatest(amount_cents, 0)) filter (where not pending) as d, sum(greatest(-amount_cents, 0)) filter (where not pending) as c
     from ledger.entries group by 1) s on s.account_id = a.id
   where a.tracked and (a.debits_posted <> coalesce(s.d, 0) or a.credits_posted <> coalesce(s.c, 0))) as totals_off,
  (select count(*) from (select application_id from ledger.transactions where kind in ('release', 'split') group by 1 having count(*) > 1) x) as released_twice`;
