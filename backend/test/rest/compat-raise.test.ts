/**
 * HTTP answers chosen by SQL, as PostgREST gives them (src/rest/raise.ts), through the real
 * supabase-js and plain HTTP: `raise sqlstate 'PTxyz'` is status xyz with the message as reason
 * phrase; `raise sqlstate 'PGRST'` takes its body from MESSAGE and its status, reason phrase and
 * headers from DETAIL; JSON that does not parse is PostgREST's 500 PGRST121. Every error names its
 * code in Proxy-Status, and every answer carries Server-Timing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCacheFor } from '../../src/rest/schema-cache';
import type { TestBackend } from '../harness';
import { rest, startCompat } from './helpers';

const SQL = `
create function public.tr_pt402() returns void language plpgsql as $$
begin raise sqlstate 'PT402' using message = 'Payment Required', detail = 'Quota exceeded', hint = 'Upgrade your plan'; end $$;
create function public.tr_bad_pt() returns void language plpgsql as $$ begin raise sqlstate 'PT40A' using message = 'Wrong'; end $$;
create function public.tr_pt404(p int) returns int language plpgsql as $$
begin if p > 0 then raise sqlstate 'PT404' using message = 'Not Found'; end if; return p; end $$;
create function public.tr_pgrst() returns void language plpgsql as $$
begin raise sqlstate 'PGRST' using
  message = '{"code":"123","message":"ABC","details":"DEF","hint":"XYZ"}',
  detail = '{"status":332,"status_text":"My Custom Status","headers":{"X-Header":"str","Content-Length":"1"}}'; end $$;
create function public.tr_pgrst_min() returns void language plpgsql as $$
begin raise sqlstate 'PGRST' using message = '{"code":"N4004","message":"Application not found"}', detail = '{"status":404,"headers":{}}'; end $$;
create function public.tr_pgrst_409() returns void language plpgsql as $$
begin raise sqlstate 'PGRST' using message = '{"code":"N4090","message":"Not in that state"}', detail = '{"status":409,"headers":{}}'; end $$;
create function public.tr_pgrst_503() returns void language plpgsql as $$
begin raise sqlstate 'PGRST' using message = '{"code":"N5030","message":"Try later"}', detail = '{"status":503,"headers":{"Retry-After":"5"}}'; end $$;
create function public.tr_bad_message() returns void language plpgsql as $$ begin raise sqlstate 'PGRST' using message = 'INVALID', detail = '{"status":400,"headers":{}}'; end $$;
create function public.tr_bad_detail() returns void language plpgsql as $$ begin raise sqlstate 'PGRST' using message = '{"code":"1","message":"m"}', detail = 'INVALID'; end $$;
create function public.tr_no_detail() returns void language plpgsql as $$ begin raise sqlstate 'PGRST' using message = '{"code":"1","message":"m"}'; end $$;
create function public.tr_no_headers() returns void language plpgsql as $$ begin raise sqlstate 'PGRST' using message = '{"code":"1","message":"m"}', detail = '{"status":404}'; end $$;
create table public.tr_items (id int primary key);
alter table public.tr_items enable row level security;
create policy tr_items_all on public.tr_items for all to anon using (true) with check (true);
grant select, insert on public.tr_items to anon;
create function public.tr_refuse() returns trigger language plpgsql as $$ begin raise sqlstate 'PT409' using message = 'Conflict'; end $$;
create trigger tr_refuse before insert on public.tr_items for each row when (new.id < 0) execute function public.tr_refuse();
grant execute on all functions in schema public to anon;
`;

let be: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => {
  ({ be, anon } = await startCompat(async (b) => {
    await b.db.transaction((tx) => tx.exec(SQL));
    await schemaCacheFor(b.db).reload();
  }));
});
afterAll(() => be?.close());

describe("raise sqlstate 'PTxyz'", () => {
  it('is status xyz, the message as reason phrase, the body as PostgREST writes it', async () => {
    const res = await rest(be, '/rpc/tr_pt402', { method: 'POST', body: '{}' });
    expect([res.status, res.statusText, res.headers.get('proxy-status')]).toEqual([402, 'Payment Required', 'PostgREST; error=PT402']);
    expect(await res.json()).toEqual({ code: 'PT402', message: 'Payment Required', details: 'Quota exceeded', hint: 'Upgrade your plan' });
  });

  it('PT followed by something other than a number is a 500 that still shows what was raised', async () => {
    const res = await rest(be, '/rpc/tr_bad_pt', { method: 'POST', body: '{}' });
    expect([res.status, await res.json()]).toEqual([500, { code: 'PT40A', message: 'Wrong', details: null, hint: null }]);
  });

  it('supabase-js gets the status and the code; a raise in a trigger answers a write the same way', async () => {
    const { error, status } = await anon.rpc('tr_pt404', { p: 1 });
    expect([status, error?.code, error?.message]).toEqual([404, 'PT404', 'Not Found']);
    expect((await anon.rpc('tr_pt404', { p: 0 })).data).toBe(0);
    const write = await anon.from('tr_items').insert({ id: -1 });
    expect([write.status, write.error?.code]).toEqual([409, 'PT409']);
  });
});

describe("raise sqlstate 'PGRST'", () => {
  it('takes the body from MESSAGE and status, reason phrase and headers from DETAIL', async () => {
    const res = await rest(be, '/rpc/tr_pgrst', { method: 'POST', body: '{}' });
    expect([res.status, res.statusText, res.headers.get('x-header')]).toEqual([332, 'My Custom Status', 'str']);
    expect(await res.json()).toEqual({ code: '123', message: 'ABC', details: 'DEF', hint: 'XYZ' });
  });

  it('keeps the code clients read, with the standard reason phrase; details and hint default to null', async () => {
    const res = await rest(be, '/rpc/tr_pgrst_min', { method: 'POST', body: '{}' });
    expect([res.status, res.statusText, res.headers.get('proxy-status')]).toEqual([404, 'Not Found', 'PostgREST; error=N4004']);
    expect(await res.json()).toEqual({ code: 'N4004', message: 'Application not found', details: null, hint: null });
    const { error, status } = await anon.rpc('tr_pgrst_409');
    expect([status, error?.code]).toEqual([409, 'N4090']);
  });

  it('a raised 5xx is sent as raised (its own message, its headers)', async () => {
    const res = await rest(be, '/rpc/tr_pgrst_503', { method: 'POST', body: '{}' });
    expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([503, '5', { code: 'N5030', message: 'Try later', details: null, hint: null }]);
  });

  it('MESSAGE or DETAIL that is not the expected JSON, or no DETAIL, is 500 PGRST121 with the reason', async () => {
    const expected = {
      tr_bad_message: ["Invalid JSON value for MESSAGE: 'INVALID'", "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."],
      tr_bad_detail: ["Invalid JSON value for DETAIL: 'INVALID'", "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."],
      tr_no_detail: ['DETAIL is missing in the RAISE statement', "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."],
      tr_no_headers: [`Invalid JSON value for DETAIL: '{"status":404}'`, "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."],
    };
    for (const [fn, [details, hint]] of Object.entries(expected)) {
      const res = await rest(be, `/rpc/${fn}`, { method: 'POST', body: '{}' });
      expect([fn, res.status, await res.json()]).toEqual([fn, 500, { code: 'PGRST121', message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, details, hint }]);
    }
  });
});

describe('Server-Timing', () => {
  it('names each stage of an answer and of an error, in milliseconds', async () => {
    const ok = await rest(be, '/rpc/tr_pt404', { method: 'POST', body: '{"p":0}' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('server-timing')).toMatch(/^jwt;dur=\d+\.\d\d, parse;dur=\d+\.\d\d, plan;dur=\d+\.\d\d, transaction;dur=\d+\.\d\d, query;dur=\d+\.\d\d, render;dur=\d+\.\d\d$/);
    const failed = await rest(be, '/tr_nope', {});
    expect([failed.status, failed.headers.get('server-timing')]).toEqual([404, expect.stringMatching(/^jwt;dur=\d+\.\d\d, parse;dur=/)]);
  });
});
