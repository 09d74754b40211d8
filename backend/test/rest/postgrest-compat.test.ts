/**
 * PostgREST behaviour beyond what the app's pages use, through the real supabase-js, on a
 * test-only schema (a range table and functions without parameters): rpc calls without
 * arguments, and the range operators nxl / nxr.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCacheFor } from '../../src/rest/schema-cache';
import { startTestBackend, type TestBackend } from '../harness';
import { client } from './helpers';

let be: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => {
  be = await startTestBackend();
  await be.db.transaction((tx) =>
    tx.exec(`
      create table public.test_ranges (id int primary key, r int4range not null);
      alter table public.test_ranges enable row level security;
      create policy test_ranges_read on public.test_ranges for select to anon using (true);
      grant select on public.test_ranges to anon;
      insert into public.test_ranges values (1, '[1,5)'), (2, '[5,10)'), (3, '[10,20)');
      create function public.test_noop() returns void language sql as 'select';
      create function public.test_answer() returns int language sql stable as 'select 42';
      grant execute on function public.test_noop(), public.test_answer() to anon;`),
  );
  await schemaCacheFor(be.db).reload();
  anon = client(be);
});

afterAll(async () => {
  await be?.close();
});

describe('rpc without arguments (was 503 08P01 on PostgreSQL: an unused body parameter)', () => {
  it('a void function answers 204', async () => {
    const { error, status } = await anon.rpc('test_noop');
    expect([error, status]).toEqual([null, 204]);
  });

  it('a scalar function answers its value, by POST and by GET', async () => {
    expect((await anon.rpc('test_answer')).data).toBe(42);
    expect((await anon.rpc('test_answer', {}, { get: true })).data).toBe(42);
  });
});

describe('range operators as PostgREST defines them', () => {
  const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id).sort();

  it('nxl (rangeGte) is &>: does not extend to the left of', async () => {
    const { data, error } = await anon.from('test_ranges').select('id').rangeGte('r', '[5,10)');
    expect(error).toBeNull();
    expect(ids(data)).toEqual([2, 3]);
  });

  it('nxr (rangeLte) is &<: does not extend to the right of', async () => {
    const { data, error } = await anon.from('test_ranges').select('id').rangeLte('r', '[5,10)');
    expect(error).toBeNull();
    expect(ids(data)).toEqual([1, 2]);
  });

  it('sl, sr and adj', async () => {
    expect(ids((await anon.from('test_ranges').select('id').rangeLt('r', '[5,10)')).data)).toEqual([1]);
    expect(ids((await anon.from('test_ranges').select('id').rangeGt('r', '[5,10)')).data)).toEqual([3]);
    expect(ids((await anon.from('test_ranges').select('id').rangeAdjacent('r', '[5,10)')).data)).toEqual([1, 3]);
  });
});
