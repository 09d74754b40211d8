/**
 * Helpers for the money tests: the marketplace's parties plus an operator (the role set in
 * auth.users' app_metadata, as the admin API does), deals brought to a state through the real
 * functions, and SQL views of the books for the assertions.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestBackend } from 'backend/test/harness';
import { postGig, rpc, sql, startMarket, type Market } from '../market/helpers';
import { createUser, type TestUser } from 'backend/test/rest/helpers';

export interface Money extends Market {
  operator: TestUser;
}

export async function makeOperator(be: TestBackend, user: TestUser, on = true): Promise<void> {
  await sql(be, `update auth.users set raw_app_meta_data = case when $2 then raw_app_meta_data || '{"role":"operator"}' else raw_app_meta_data - 'role' end where id = $1`, [user.id, on]);
}

/** The market of a test file with an operator; started before its tests, closed after them. */
export function useMoney(env: Record<string, string> = {}): Money {
  const m = {} as Money;
  beforeAll(async () => {
    Object.assign(m, await startMarket(env));
    m.operator = await createUser(m.be, 'operator@example.com', 'Olga Operator');
    await makeOperator(m.be, m.operator);
  });
  afterAll(async () => {
    await m.be?.close();
  });
  return m;
}

/** rpc that must succeed; returns its data. */
export async function ok<T = Record<string, unknown>>(m: Market, user: TestUser, fn: string, args: Record<string, unknown>): Promise<T> {
  const r = await rpc<T>(m.be, user, fn, args);
  expect(r.error, `${fn} ${JSON.stringify(args)}`).toBeNull();
  return r.data;
}

/** A deal of the poster's, accepted for the worker: fixed at `rate` dollars unless `gig` says otherwise. */
export async function acceptedDeal(m: Money, gig: Record<string, unknown> = { payment_type: 'fixed', rate: 600 }): Promise<{ gig: string; app: string }> {
  const g = await postGig(m.be, m.poster, gig);
  const app = (await ok<{ id: string }>(m, m.worker, 'apply_to_gig', { p_gig_id: g, p_message: 'I can do it' })).id;
  await ok(m, m.poster, 'accept_application', { p_application_id: app });
  return { gig: g, app };
}

/** start_funding by the poster, then the operator confirms the funds: the deal is funded. */
export async function fund(m: Money, app: string): Promise<void> {
  await ok(m, m.poster, 'start_funding', { p_application_id: app });
  await ok(m, m.operator, 'operator_confirm_funds', { p_application_id: app, p_reference: `PP-${app.slice(0, 8)}` });
}

export async function fundedDeal(m: Money, gig?: Record<string, unknown>): Promise<{ gig: string; app: string }> {
  const d = await acceptedDeal(m, gig);
  await fund(m, d.app);
  return d;
}

export async function deliveredDeal(m: Money, gig?: Record<string, unknown>): Promise<{ gig: string; app: string }> {
  const d = await fundedDeal(m, gig);
  await ok(m, m.worker, 'deliver_work', { p_application_id: d.app, p_note: 'Done: see the link', p_link: 'https://example.com/work' });
  return d;
}

export const status = async (m: Market, app: string) => (await sql<{ status: string }>(m.be, 'select status from public.applications where id = $1', [app]))[0]!.status;

/** A deal's ledger transactions as `kind/phase: account-kind ±cents …`, oldest first. */
export async function journal(be: TestBackend, app: string): Promise<string[]> {
  const rows = await sql<{ line: string }>(be, `
    select t.kind || '/' || t.phase || ':' || coalesce(' ' || string_agg(a.kind || case when e.amount_cents > 0 then ' Dr ' else ' Cr ' end || abs(e.amount_cents), ' ' order by e.amount_cents desc, a.kind), '') as line
    from ledger.transactions t
    left join ledger.entries e on e.transaction_id = t.id
    left join ledger.accounts a on a.id = e.account_id
    where t.application_id = $1
    group by t.id order by t.id`, [app]);
  return rows.map((r) => r.line);
}

/** The invariants of the books, over every row: each figure must be 0. */
export async function booksHold(be: TestBackend): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, string>>(be, `select
    (select count(*) from (select transaction_id from ledger.entries group by 1 having sum(amount_cents) <> 0) x)::text as unbalanced,
    (select coalesce(sum(amount_cents), 0) from ledger.entries)::text as created_or_lost,
    (select count(*) from ledger.accounts a where a.tracked and a.kind <> 'receivable' and a.debits_posted + a.debits_pending > a.credits_posted)::text as overdrawn,
    (select count(*) from ledger.balances b where b.kind in ('held', 'payable', 'gig_prepaid', 'credit', 'refund_due') and b.posted_cents < 0)::text as negative,
    (select count(*) from ledger.accounts a cross join lateral (
       select coalesce(sum(greatest(e.amount_cents, 0)), 0) as d, coalesce(sum(greatest(-e.amount_cents, 0)), 0) as c
       from ledger.entries e where e.account_id = a.id and not e.pending) s
     where a.tracked and (a.debits_posted <> s.d or a.credits_posted <> s.c))::text as totals_off,
    (select count(*) from public.applications a where a.status in ('funded', 'delivered', 'disputed')
       and a.deal_amount_cents <> coalesce((select b.posted_cents from ledger.balances b where b.key = 'held:' || a.id), 0))::text as held_not_deal,
    (select count(*) from public.applications a where a.status in ('released', 'paid_out', 'paid', 'refunded', 'cancelled', 'accepted')
       and coalesce((select b.posted_cents from ledger.balances b where b.key = 'held:' || a.id), 0) <> 0)::text as held_after_end,
    (select count(*) from (select application_id from ledger.transactions where kind in ('release', 'split') group by 1 having count(*) > 1) x)::text as released_twice,
    (select count(*) from (select application_id from ledger.transactions where kind = 'payout' group by 1 having count(*) > 1) x)::text as paid_out_twice`);
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}
export const BOOKS_HOLD = { unbalanced: 0, created_or_lost: 0, overdrawn: 0, negative: 0, totals_off: 0, held_not_deal: 0, held_after_end: 0, released_twice: 0, paid_out_twice: 0 };

/** The emails queued for a member, as `kind/step`. */
export async function mailsTo(be: TestBackend, user: TestUser): Promise<string[]> {
  const rows = await sql<{ k: string }>(be, "select kind || '/' || coalesce(payload->>'step', '') as k from private.notification_outbox where recipient_id = $1 order by id", [user.id]);
  return rows.map((r) => r.k);
}
