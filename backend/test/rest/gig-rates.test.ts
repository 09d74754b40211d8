/**
 * Money in gigs has two decimals at most: 25.5 is stored and read back as 25.50 (25.5 in
 * JavaScript), 19.999 is stored as 20.00, a rate below one cent or above 1,000,000 is refused with
 * 400 23514 (1e15 with 400 too), and the migration rounds the rates posted before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { startTestBackend, type TestBackend } from '../harness';
import { client, createUser, rest, type TestUser } from './helpers';
import { databaseMigratedUntil } from './migrate-until';

let be: TestBackend;
let poster: TestUser;

beforeAll(async () => {
  be = await startTestBackend();
  poster = await createUser(be, 'rates-poster@example.com');
});

afterAll(async () => {
  await be?.close();
});

const post = (rate: number | string) =>
  rest(be, '/gigs?select=rate', {
    method: 'POST',
    token: poster.token,
    headers: { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
    body: JSON.stringify({ title: `Rate ${rate}`, description: 'd', rate, hours: 1, location: 'remote' }),
  });

describe('gig rates: two decimals at most', () => {
  it('25.5 is stored as 25.50 and reads back as 25.5', async () => {
    const res = await post(25.5);
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).toBe('{"rate":25.50}');
    expect(JSON.parse(text)).toEqual({ rate: 25.5 });
  });

  it('more decimals are rounded to the cent on the way in (19.999 → 20.00, 0.005 → 0.01)', async () => {
    expect(await (await post(19.999)).text()).toBe('{"rate":20.00}');
    expect(await (await post('0.005')).text()).toBe('{"rate":0.01}');
  });

  it('whole amounts stay whole, up to 1,000,000', async () => {
    expect(await (await post(45)).json()).toEqual({ rate: 45 });
    expect(await (await post(1000000)).json()).toEqual({ rate: 1000000 });
  });

  it('below one cent, zero, negative or above 1,000,000: 400 23514', async () => {
    for (const rate of [0.004, 0, -5, 1000000.01]) {
      const res = await post(rate);
      expect(res.status, String(rate)).toBe(400);
      expect(((await res.json()) as { code: string }).code, String(rate)).toBe('23514');
    }
  });

  it('1e15 and a non-number are refused with a 400, never a 5xx', async () => {
    for (const rate of [1e15, 'lots']) {
      const res = await post(rate);
      expect(res.status, String(rate)).toBe(400);
      expect(((await res.json()) as { code: string }).code, String(rate)).toMatch(/^22/);
    }
  });

  it('an owner editing a rate gets the same rounding and limits', async () => {
    const c = client(be, poster);
    const { data: created } = await c.from('gigs').insert({ title: 'Edit me', description: 'd', rate: 10, hours: 1, location: 'remote' }).select('id').single();
    const { data, error } = await c.from('gigs').update({ rate: 12.345 }).eq('id', created!.id).select('rate').single();
    expect(error).toBeNull();
    expect(data).toEqual({ rate: 12.35 });
    const tooBig = await c.from('gigs').update({ rate: 2e6 }).eq('id', created!.id);
    expect(tooBig.status).toBe(400);
    expect(tooBig.error?.code).toBe('23514');
  });

  it('the $600 path still records 600 = 570 + 30', async () => {
    const { data, error } = await client(be, poster).rpc('create_paid_gig', { p_title: 'Paid', p_description: 'd' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ rate: 600, worker_rate: 570, platform_fee: 30 });
  });
});

describe('rate_cents: the rate in whole cents, for the grid\'s filter', () => {
  it('follows every rate the database stores, and the grid filters by it', async () => {
    const c = client(be, poster);
    const tag = `Cents ${Date.now()}`;
    const { data: made, error } = await c.from('gigs').insert([10, 12.345, 99.99].map((rate) => ({ title: tag, description: 'd', rate, hours: 1, location: 'remote' }))).select('rate, rate_cents');
    expect(error).toBeNull();
    expect(made).toEqual([{ rate: 10, rate_cents: 1000 }, { rate: 12.35, rate_cents: 1235 }, { rate: 99.99, rate_cents: 9999 }]);
    const { data: between } = await client(be).from('gigs').select('rate').eq('title', tag).gte('rate_cents', 1001).lte('rate_cents', 9999).order('rate');
    expect(between).toEqual([{ rate: 12.35 }, { rate: 99.99 }]);
  });

  it('nobody writes it: an insert or an edit that sets it is refused with a 4xx and changes nothing', async () => {
    const c = client(be, poster);
    const insert = await c.from('gigs').insert({ title: 'Sneaky', description: 'd', rate: 10, rate_cents: 1, hours: 1, location: 'remote' });
    expect(insert.status).toBeGreaterThanOrEqual(400);
    expect(insert.status).toBeLessThan(500);
    const { data: gig } = await c.from('gigs').insert({ title: 'Honest', description: 'd', rate: 10, hours: 1, location: 'remote' }).select('id').single();
    const edit = await c.from('gigs').update({ rate_cents: 1 }).eq('id', gig!.id);
    expect(edit.status).toBeGreaterThanOrEqual(400);
    expect(edit.status).toBeLessThan(500);
    const { data: after } = await c.from('gigs').select('rate, rate_cents').eq('id', gig!.id).single();
    expect(after).toEqual({ rate: 10, rate_cents: 1000 });
  });
});

describe('the migration', () => {
  it('rounds existing rates to the cent, and a sub-cent rate up to one cent', async () => {
    const db = await databaseMigratedUntil('20240501000000_gig_skills_case_insensitive.sql');
    try {
      const id = '00000000-0000-4000-8000-0000000000b2';
      await db.transaction(async (tx) => {
        await tx.query("insert into auth.users (id, email) values ($1, 'old-rates@example.com')", [id]);
        for (const [title, rate] of [['a', '19.999'], ['b', '25.5'], ['c', '0.001'], ['d', '33.334']]) {
          await tx.query("insert into public.gigs (user_id, title, description, rate, hours, location) values ($1, $2, 'd', $3, 1, 'remote')", [id, title, rate]);
        }
      });
      await migrate(db);
      const rows = await db.transaction(async (tx) => (await tx.query<{ title: string; rate: string }>('select title, rate::text as rate from public.gigs order by title')).rows);
      expect(rows).toEqual([
        { title: 'a', rate: '20.00' },
        { title: 'b', rate: '25.50' },
        { title: 'c', rate: '0.01' },
        { title: 'd', rate: '33.33' },
      ]);
    } finally {
      await db.close();
    }
  }, 180_000); // a fresh database (initdb and every migration) is slow on a busy machine
});
