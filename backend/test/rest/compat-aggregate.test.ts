/**
 * Aggregates as PostgREST 12 answers them (db-aggregates-enabled, REST_AGGREGATES_ENABLED here),
 * through the real supabase-js on the test-only schema: count(), sum/avg/min/max with input and
 * output casts, grouping by the other selected columns (spread columns included), aggregates
 * inside an embed, the legacy `rel(count)`, and PGRST123 when the setting is off.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/http/limits';
import type { TestBackend } from '../harness';
import { createCompatSchema } from './compat-schema';
import { client, rest, startCompat } from './helpers';

let be: TestBackend;
let off: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => {
  ({ be, anon } = await startCompat(createCompatSchema));
  ({ be: off } = await startCompat(createCompatSchema, { REST_AGGREGATES_ENABLED: 'false' }));
});

afterAll(async () => {
  await be?.close();
  await off?.close();
});

describe('aggregates (issue 16, point 10)', () => {
  it('count() of the filtered rows; one row even when none match', async () => {
    expect((await anon.from('pc_orders').select('count()')).data).toEqual([{ count: 4 }]);
    expect((await anon.from('pc_orders').select('n:count()').eq('customer', 'nobody')).data).toEqual([{ n: 0 }]);
  });

  it('sum, avg, min and max, grouped by the other selected columns, ordered by one of them', async () => {
    const { data, error } = await anon.from('pc_orders').select('customer, amount.sum(), amount.max(), day.min()').order('customer');
    expect(error).toBeNull();
    expect(data).toEqual([
      { customer: 'ann', sum: 15, max: 10, min: '2024-01-01' },
      { customer: 'bob', sum: 7.5, max: 7.5, min: '2024-01-01' },
      { customer: 'cy', sum: 2.5, max: 2.5, min: '2024-01-02' },
    ]);
  });

  it('aliases and casts on the input and on the output', async () => {
    const { data, error } = await anon.from('pc_orders').select('total:amount.sum()::int, mean:amount::float8.avg()');
    expect(error).toBeNull();
    expect(data).toEqual([{ total: 25, mean: 6.25 }]);
  });

  it('grouping by a spread column and by an embedded object', async () => {
    const spread = await anon.from('pc_orders').select('amount.sum(), ...pc_films(title)').order('title');
    expect(spread.data).toEqual([{ sum: 12.5, title: 'Castle' }, { sum: 2.5, title: 'Moon' }, { sum: 10, title: 'Workers' }]);
    const embedded = await anon.from('pc_orders').select('count(), pc_films(year)').eq('customer', 'ann');
    const rows = (embedded.data ?? []) as unknown as { count: number; pc_films: { year: number } }[];
    expect(rows.sort((a, b) => a.pc_films.year - b.pc_films.year)).toEqual([{ count: 1, pc_films: { year: 1895 } }, { count: 1, pc_films: { year: 1896 } }]);
  });

  it('inside an embed: the aggregate runs per parent row; rel(count) is the legacy count', async () => {
    const { data, error } = await anon.from('pc_films').select('id, pc_orders(amount.sum()), orders:pc_orders(count)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, pc_orders: [{ sum: 10 }], orders: [{ count: 1 }] },
      { id: 2, pc_orders: [{ sum: 12.5 }], orders: [{ count: 2 }] },
      { id: 3, pc_orders: [{ sum: 2.5 }], orders: [{ count: 1 }] },
    ]);
  });

  it('errors: an unknown column, a function without its column, ordering by an ungrouped column', async () => {
    expect((await anon.from('pc_orders').select('nothing.sum()')).error?.code).toBe('42703');
    expect((await rest(be, '/pc_orders?select=sum()')).status).toBe(400);
    const ungrouped = await anon.from('pc_orders').select('customer, amount.sum()').order('day');
    expect([ungrouped.status, ungrouped.error?.code]).toEqual([400, 'PGRST100']);
  });

  it('bounded like any select: more items than the limit is PGRST192', async () => {
    const wide = Array.from({ length: LIMITS.selectItems + 1 }, (_, i) => `a${i}:amount.sum()`).join(',');
    const res = await rest(be, `/pc_orders?select=${encodeURIComponent(wide)}`);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'PGRST192']);
  });

  it('off (REST_AGGREGATES_ENABLED=false): 400 PGRST123, as PostgREST; the legacy count still answers', async () => {
    const res = await rest(off, '/pc_orders?select=amount.sum()');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' });
    expect((await client(off).from('pc_films').select('id, pc_orders(count)').eq('id', 2)).data).toEqual([{ id: 2, pc_orders: [{ count: 2 }] }]);
  });
});
