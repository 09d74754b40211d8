/**
 * PostgREST's /rpc behaviour through the real supabase-js, on a test-only schema
 * (compat-schema.ts): composite arguments, functions returning TABLE / OUT / SETOF / a composite
 * read like tables (select, filters, order, limit, count), single unnamed json / text / bytea
 * parameters, overload resolution, and PostgREST's error wording (PGRST201/202/203).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { createCompatSchema } from './compat-rpc-schema';
import { rest, startCompat } from './helpers';

let be: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => ({ be, anon } = await startCompat(createCompatSchema)));
afterAll(() => be?.close());

describe('composite (row type) arguments are JSON objects', () => {
  it('an object for a composite parameter, an array of objects for an array of them', async () => {
    expect(await anon.rpc('tc_point_sum', { p: { x: 2, y: 3 } })).toMatchObject({ data: 5, error: null });
    expect(await anon.rpc('tc_points_count', { ps: [{ x: 1, y: 2 }, { x: 3, y: 4 }] })).toMatchObject({ data: 2, error: null });
  });

  it('a field of the wrong type is the database error, a 400', async () => {
    const { error, status } = await anon.rpc('tc_point_sum', { p: { x: 'two', y: 3 } });
    expect([status, error?.code]).toEqual([400, '22P02']);
  });
});

describe('functions returning rows are read like tables', () => {
  it('RETURNS TABLE: select, filters, order and limit apply to the result', async () => {
    const { data, error } = await anon.rpc('tc_pairs', { n: 5 }).select('label').gt('k', 1).order('k', { ascending: false }).limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'n5' }, { label: 'n4' }]);
  });

  it('count=exact counts the filtered result (Content-Range n-m/total)', async () => {
    const { data, count, error } = await anon.rpc('tc_pairs', { n: 5 }, { count: 'exact' }).gt('k', 1).limit(2);
    expect(error).toBeNull();
    expect([data?.length, count]).toEqual([2, 4]);
  });

  it('OUT parameters: one object, select narrows it', async () => {
    expect((await anon.rpc('tc_out', { a: 3 })).data).toEqual({ doubled: 6, label: 'l3' });
    expect((await anon.rpc('tc_out', { a: 3 }).select('label')).data).toEqual({ label: 'l3' });
  });

  it('SETOF a table: filters by GET as well as POST', async () => {
    expect((await anon.rpc('tc_items_all').select('id').eq('name', 'two')).data).toEqual([{ id: 2 }]);
    expect((await anon.rpc('tc_items_all', {}, { get: true }).select('id').in('id', [1, 3]).order('id')).data).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('a composite type (not a table) renders as an object', async () => {
    expect((await anon.rpc('tc_mkpoint', { a: 4 })).data).toEqual({ x: 4, y: 5 });
    expect((await anon.rpc('tc_mkpoint', { a: 4 }).select('y')).data).toEqual({ y: 5 });
  });

  it('an unknown column of the result is 400 42703; filtering a scalar result is 400 PGRST100', async () => {
    expect((await anon.rpc('tc_pairs', { n: 2 }).select('nope')).error?.code).toBe('42703');
    const { error, status } = await anon.rpc('tc_point_sum', { p: { x: 1, y: 1 } }).eq('x', 1);
    expect([status, error?.code]).toEqual([400, 'PGRST100']);
  });
});

describe('a single unnamed parameter takes the whole body', () => {
  it('json: any JSON value, object or array', async () => {
    expect((await anon.rpc('tc_json', { any: 'thing' })).data).toEqual({ any: 'thing' });
    expect((await anon.rpc('tc_json', [1, 2] as never)).data).toEqual([1, 2]);
  });

  it('text from text/plain, bytea from application/octet-stream', async () => {
    let res = await rest(be, '/rpc/tc_text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect([res.status, await res.json()]).toEqual([200, 'HELLO']);
    res = await rest(be, '/rpc/tc_bytes', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0, 1, 2, 255]) });
    expect([res.status, await res.json()]).toEqual([200, 4]);
  });

  it('a body its type does not take, GET, or several unnamed parameters: 404 PGRST202, never an SQL error', async () => {
    const res = await rest(be, '/rpc/tc_json', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'PGRST202']);
    expect((await anon.rpc('tc_json', {}, { get: true })).error?.code).toBe('PGRST202');
    const { error, status } = await anon.rpc('tc_two', {});
    expect([status, error?.code]).toEqual([404, 'PGRST202']);
  });

  it('a JSON array for a function without such a parameter is 400 PGRST102', async () => {
    const { error, status } = await anon.rpc('tc_point_sum', [1] as never);
    expect([status, error?.code]).toEqual([400, 'PGRST102']);
  });
});

describe('errors worded as PostgREST words them', () => {
  it('PGRST202 without parameters, and with the sorted parameter names', async () => {
    const first = await anon.rpc('tc_nope');
    expect(first.status).toBe(404);
    expect(first.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.tc_nope without parameters in the schema cache',
      details: 'Searched for the function public.tc_nope without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const { error } = await anon.rpc('tc_nope', { b: 1, a: 2 });
    expect(error?.message).toBe('Could not find the function public.tc_nope(a, b) in the schema cache');
    expect(error?.details).toBe('Searched for the function public.tc_nope with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.');
  });

  it('PGRST203 lists the candidates that fit', async () => {
    const { error, status } = await anon.rpc('tc_over', { a: '1' });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.tc_over(a => integer), public.tc_over(a => text, b => text)',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect((await anon.rpc('tc_over', { a: '1', b: 'y' })).data).toBe('text');
  });

  it('PGRST201 details each relationship; the hint points at them', async () => {
    const { error, status } = await anon.from('tc_msgs').select('id, tc_people(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.message).toBe("Could not embed because more than one relationship was found for 'tc_msgs' and 'tc_people'");
    expect(error?.details).toEqual([
      { cardinality: 'many-to-one', embedding: 'tc_msgs with tc_people', relationship: 'tc_msgs_receiver_fkey using tc_msgs(receiver) and tc_people(id)' },
      { cardinality: 'many-to-one', embedding: 'tc_msgs with tc_people', relationship: 'tc_msgs_sender_fkey using tc_msgs(sender) and tc_people(id)' },
    ]);
    expect(error?.hint).toBe("Try changing 'tc_people' to one of the following: 'tc_people!tc_msgs_receiver_fkey', 'tc_people!tc_msgs_sender_fkey'. Find the desired relationship in the 'details' key.");
  });
});
