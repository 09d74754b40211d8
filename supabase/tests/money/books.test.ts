/**
 * The books themselves, as the database's owner sees them (the strongest role there is): the
 * ledger refuses updates, deletes and truncates of transactions and entries, unbalanced entries,
 * a key reused for another transaction and any overdraft of a held, payable or credit account;
 * holds are posted or voided once; no API role can read it.
 */
import { describe, expect, it } from 'vitest';
import { useMarket, sql } from '../market/helpers';
import { client } from 'backend/test/rest/helpers';

const m = useMarket();

const post = (key: string, accounts: string, amounts: string, phase = 'posted') =>
  sql<{ id: string }>(m.be, `select (ledger.post($1, 'test', ${accounts}, ${amounts}, null::ledger.transactions, $2)).id::text as id`, [key, phase]);
const accounts = "array[ledger.account('cash', p_provider => 'manual'), ledger.account('credit', p_owner => '00000000-0000-0000-0000-000000000001')]";

describe('the ledger', () => {
  it('is append-only, even for its owner', async () => {
    const [t] = await post('books:immutable', accounts, 'array[500, -500]::bigint[]');
    for (const statement of ['update ledger.transactions set amount_cents = 1 where id = $1', 'delete from ledger.transactions where id = $1',
      'update ledger.entries set amount_cents = 1 where transaction_id = $1', 'delete from ledger.entries where transaction_id = $1']) {
      await expect(sql(m.be, statement, [t!.id]), statement).rejects.toMatchObject({ code: '42501' });
    }
    await expect(sql(m.be, 'truncate ledger.entries')).rejects.toMatchObject({ code: '42501' });
    await expect(sql(m.be, "update ledger.accounts set kind = 'world' where key = 'credit:00000000-0000-0000-0000-000000000001'")).rejects.toMatchObject({ code: '42501' });
  });

  it('balances every transaction, and reuses a key only for the same transaction', async () => {
    await expect(post('books:unbalanced', accounts, 'array[500, -499]::bigint[]')).rejects.toMatchObject({ code: '22023' });
    const [t] = await sql<{ id: string }>(m.be, "insert into ledger.transactions (kind, phase, idempotency_key, amount_cents, provider) values ('test', 'posted', 'books:raw', 1, 'manual') returning id::text");
    await expect(sql(m.be, "insert into ledger.entries (transaction_id, account_id, amount_cents, pending) values ($1, ledger.account('world'), 1, false)", [t!.id])).rejects.toMatchObject({ code: '23514' });
    const [a] = await post('books:key', accounts, 'array[700, -700]::bigint[]');
    const [again] = await post('books:key', accounts, 'array[700, -700]::bigint[]');
    expect(again!.id).toBe(a!.id);
    await expect(post('books:key', accounts, 'array[800, -800]::bigint[]')).rejects.toMatchObject({ code: 'PT409' });
  });

  it('never overdraws an account of a member or a deal; a hold is posted or voided once', async () => {
    const out = "array[ledger.account('credit', p_owner => '00000000-0000-0000-0000-000000000002'), ledger.account('cash', p_provider => 'manual')]";
    await expect(post('books:overdraft', out, 'array[1, -1]::bigint[]')).rejects.toMatchObject({ code: 'PT409' });
    const [hold] = await post('books:hold', "array[ledger.account('cash', p_provider => 'manual'), ledger.account('credit', p_owner => '00000000-0000-0000-0000-000000000002')]", 'array[900, -900]::bigint[]', 'pending');
    // A hold is not yet money: spending it is an overdraft.
    await expect(post('books:early', out, 'array[900, -900]::bigint[]')).rejects.toMatchObject({ code: 'PT409' });
    await sql(m.be, "select ledger.resolve_pending($1, 'post', 'books:hold:post', null)", [hold!.id]);
    await expect(sql(m.be, "select ledger.resolve_pending($1, 'void', 'books:hold:void', null)", [hold!.id])).rejects.toMatchObject({ code: 'PT409' });
    await post('books:spend', out, 'array[900, -900]::bigint[]');
    const [b] = await sql<{ posted_cents: number; pending_cents: number; available_cents: number }>(m.be,
      "select posted_cents::int, pending_cents::int, available_cents::int from ledger.balances where key = 'credit:00000000-0000-0000-0000-000000000002'");
    expect(b).toEqual({ posted_cents: 0, pending_cents: 0, available_cents: 0 });
    const [sum] = await sql<{ s: number }>(m.be, 'select sum(amount_cents)::int as s from ledger.entries');
    expect(sum!.s).toBe(0);
  });

  it('is out of every API role\'s reach', async () => {
    for (const table of ['transactions', 'entries', 'accounts']) {
      const r = await client(m.be).schema('ledger' as 'public').from(table).select('*');
      expect(r.error?.code, table).toBe('PGRST106');
    }
  });
});
