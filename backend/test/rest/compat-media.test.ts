/**
 * Media types and Prefer handling as PostgREST answers them, through the real supabase-js, on a
 * test-only schema (compat-schema.ts): text/csv, nulls=stripped, 406 for what is not served, and
 * Prefer: tx under the default DB_TX_END (commit, no override).
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

describe('Accept: text/csv', () => {
  it('a read as CSV: header, one line per row, quoted where needed, null empty', async () => {
    const { data, error } = await anon.from('tc_items').select('id, name, note, tags').order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe('id,name,note,tags\n1,one,,{a}\n2,two,n2,{}\n3,"three, ""3""",,');
    await anon.from('tc_items').update({ tags: ['x y', 'z', null] }).eq('id', 3);
    expect((await anon.from('tc_items').select('tags').eq('id', 3).csv()).data).toBe('tags\n"{""x y"",z,NULL}"');
    await anon.from('tc_items').update({ tags: null }).eq('id', 3);
    const res = await rest(be, '/tc_items?id=eq.1&select=id', { headers: { accept: 'text/csv' } });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });

  it('an empty result is an empty body; rpc rows as CSV too', async () => {
    const empty = await rest(be, '/tc_items?id=eq.99', { headers: { accept: 'text/csv' } });
    expect([empty.status, await empty.text()]).toEqual([200, '']);
    expect((await anon.rpc('tc_pairs', { n: 2 }).csv()).data).toBe('k,label\n1,n1\n2,n2');
  });
});

describe('nulls=stripped', () => {
  it('array and single object leave out null values', async () => {
    const { data } = await anon.from('tc_items').select('id, note').lte('id', 2).order('id').stripNulls();
    expect(data).toEqual([{ id: 1 }, { id: 2, note: 'n2' }]);
    expect((await anon.from('tc_items').select('id, note').eq('id', 1).single().stripNulls()).data).toEqual({ id: 1 });
    const res = await rest(be, '/tc_items?id=eq.1', { headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8');
  });

  it('.single() still needs exactly one row (406 PGRST116)', async () => {
    const { error, status } = await anon.from('tc_items').select('id').single().stripNulls();
    expect([status, error?.code]).toEqual([406, 'PGRST116']);
  });
});

describe('raw values of functions', () => {
  it('text/plain for a function returning text, application/octet-stream for bytea', async () => {
    let res = await rest(be, '/rpc/tc_text', { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'text/plain' }, body: 'raw' });
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'text/plain; charset=utf-8', 'RAW']);
    res = await rest(be, '/rpc/tc_rev', { method: 'POST', headers: { accept: 'application/octet-stream' }, body: JSON.stringify({ b: '\\x0102ff' }) });
    expect([res.status, res.headers.get('content-type'), [...new Uint8Array(await res.arrayBuffer())]]).toEqual([200, 'application/octet-stream', [0xff, 0x20, 0x10]]);
  });

  it('anything else asked as text/plain or octet-stream is 406 PGRST107', async () => {
    for (const [path, accept] of [['/tc_items', 'text/plain'], ['/rpc/tc_pairs?n=1', 'text/plain'], ['/rpc/tc_mkpoint?a=1', 'application/octet-stream']] as const) {
      const res = await rest(be, path, { headers: { accept } });
      expect([path, res.status, ((await res.json()) as { code: string }).code]).toEqual([path, 406, 'PGRST107']);
    }
  });
});

describe('media types not served', () => {
  it.each(['application/vnd.pgrst.plan+json', 'application/geo+json', 'text/html', 'application/json;q=0'])('Accept: %s → 406 PGRST107', async (accept) => {
    const res = await rest(be, '/tc_items', { headers: { accept } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST107', message: `None of these media types are available: ${accept}` });
  });

  it('the first acceptable type by quality wins', async () => {
    const res = await rest(be, '/tc_items?select=id&id=eq.1', { headers: { accept: 'application/geo+json, text/csv;q=0.5, application/json;q=0.9' } });
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'application/json; charset=utf-8', '[{"id":1}]']);
  });
});

describe('Prefer: tx under the default DB_TX_END (commit)', () => {
  it('tx=rollback is ignored (the write commits), and refused with handling=strict', async () => {
    const res = await rest(be, '/tc_items', { method: 'POST', headers: { prefer: 'tx=rollback' }, body: '{"id": 50, "name": "kept"}' });
    expect([res.status, res.headers.get('preference-applied')]).toEqual([201, null]);
    expect((await anon.from('tc_items').select('name').eq('id', 50).single()).data).toEqual({ name: 'kept' });
    const strict = await rest(be, '/tc_items', { method: 'POST', headers: { prefer: 'handling=strict, tx=rollback' }, body: '{"id": 51, "name": "x"}' });
    expect([strict.status, ((await strict.json()) as { details: string }).details]).toEqual([400, 'Invalid preferences: tx=rollback']);
  });
});
