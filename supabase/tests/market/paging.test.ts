/**
 * The clients' long lists, page by page over real HTTP, in the exact shape the dashboard, the
 * thread and the public profile send: newest first, each page after the last row shown
 * (`created_at <= c` and `or(created_at < c, tie after t)`), the first page with the exact count.
 * Rows that share an instant are neither lost nor repeated at a page boundary.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, as, postGig, rpc, sql, startMarket, type Market } from './helpers';

let m: Market;
const gigs: string[] = [];
let application: string;
const SAME_INSTANT = '2024-05-01T12:00:00.123456+00:00';

beforeAll(async () => {
  m = await startMarket();
  for (let i = 0; i < 7; i++) gigs.push(await postGig(m.be, m.poster, { title: `Gig ${i}` }));
  // Three gigs posted in the same instant: the tie column orders them.
  await sql(m.be, 'update public.gigs set created_at = $1 where id = any($2)', [SAME_INSTANT, gigs.slice(2, 5)]);
  for (const gig of gigs) await as(m.be, m.worker).from('saved_gigs').insert({ gig_id: gig });
  await sql(m.be, 'update public.saved_gigs set created_at = $1 where gig_id = any($2)', [SAME_INSTANT, gigs.slice(1, 4)]);
  for (const gig of gigs) await apply(m.be, m.worker, gig);
  await sql(m.be, 'update public.applications set created_at = $1 where gig_id = any($2)', [SAME_INSTANT, gigs.slice(3, 6)]);
  application = (await sql<{ id: string }>(m.be, 'select id from public.applications where gig_id = $1', [gigs[0]]))[0]!.id;
  for (let i = 0; i < 5; i++) await rpc(m.be, i % 2 ? m.poster : m.worker, 'send_message', { p_application_id: application, p_body: `Message ${i}` });
  await sql(m.be, "update public.application_messages set created_at = $1 where body in ('Message 1', 'Message 2', 'Message 3')", [SAME_INSTANT]);
});

afterAll(async () => {
  await m?.be.close();
});

interface List {
  table: string;
  select: string;
  owner: [string, string];
  tie: string;
  tieOrder: 'asc' | 'desc';
}

type Row = Record<string, string>;

/** Read `list` `size` rows at a time as the clients do; the rows in order and the first page's count. */
async function readAll(db: SupabaseClient, list: List, size: number): Promise<{ rows: Row[]; total: number | null; pages: number }> {
  const rows: Row[] = [];
  let total: number | null = null;
  for (let pages = 1; ; pages++) {
    const after = rows[rows.length - 1];
    let q = db.from(list.table).select(list.select, after ? undefined : { count: 'exact' }).eq(...list.owner);
    if (after) {
      const c = after.created_at!;
      q = q.lte('created_at', c).or(`created_at.lt."${c}",${list.tie}.${list.tieOrder === 'asc' ? 'gt' : 'lt'}."${after[list.tie]}"`);
    }
    const page = await q.order('created_at', { ascending: false }).order(list.tie, { ascending: list.tieOrder === 'asc' }).limit(size + 1);
    expect(page.error).toBeNull();
    if (!after) total = page.count;
    const data = page.data as unknown as Row[];
    rows.push(...data.slice(0, size));
    if (data.length <= size) return { rows, total, pages };
  }
}

/** The same list in one read, as the reference order. */
async function readOnce(db: SupabaseClient, list: List): Promise<Row[]> {
  const { data } = await db.from(list.table).select(list.select).eq(...list.owner).order('created_at', { ascending: false }).order(list.tie, { ascending: list.tieOrder === 'asc' });
  return data as unknown as Row[];
}

describe('keyset pages', () => {
  const lists = (): [string, SupabaseClient, List][] => [
    ['my gigs', as(m.be, m.poster), { table: 'gigs', select: 'id, title, created_at', owner: ['user_id', m.poster.id], tie: 'id', tieOrder: 'asc' }],
    ['applicants of one gig', as(m.be, m.poster), { table: 'applications', select: 'id, created_at, worker:worker_id(full_name)', owner: ['poster_id', m.poster.id], tie: 'id', tieOrder: 'asc' }],
    ['my applications', as(m.be, m.worker), { table: 'applications', select: 'id, created_at, gigs(title)', owner: ['worker_id', m.worker.id], tie: 'id', tieOrder: 'asc' }],
    ['saved gigs', as(m.be, m.worker), { table: 'saved_gigs', select: 'gig_id, created_at, gigs(title)', owner: ['user_id', m.worker.id], tie: 'gig_id', tieOrder: 'asc' }],
    ['a thread (newest first)', as(m.be, m.worker), { table: 'application_messages', select: 'id, body, created_at', owner: ['application_id', application], tie: 'id', tieOrder: 'desc' }],
    ['open gigs on a profile', as(m.be), { table: 'gigs', select: 'id, created_at', owner: ['user_id', m.poster.id], tie: 'id', tieOrder: 'asc' }],
  ];

  it.each([1, 2, 3])('every row exactly once, in order, %i at a time, with the count on the first page', async (size) => {
    for (const [name, db, list] of lists()) {
      const reference = await readOnce(db, list);
      expect(reference.length, name).toBeGreaterThanOrEqual(5);
      const { rows, total, pages } = await readAll(db, list, size);
      expect(rows, name).toEqual(reference);
      expect(total, name).toBe(reference.length);
      // The extra row says more exist: no empty page is ever read.
      expect(pages, name).toBe(Math.ceil(reference.length / size));
    }
  });

  it('asks whether the gigs on screen are saved, by id', async () => {
    const { data } = await as(m.be, m.worker).from('saved_gigs').select('gig_id').eq('user_id', m.worker.id).in('gig_id', [gigs[0]!, gigs[6]!, m.poster.id]);
    expect((data as { gig_id: string }[]).map((r) => r.gig_id).sort()).toEqual([gigs[0], gigs[6]].sort());
    expect((await as(m.be, m.stranger).from('saved_gigs').select('gig_id').in('gig_id', gigs)).data).toEqual([]);
  });

  it('a malformed cursor is a 400, never a 5xx', async () => {
    const bad = await as(m.be, m.poster).from('gigs').select('id').eq('user_id', m.poster.id).lte('created_at', 'yesterday-ish').or('created_at.lt."x",id.gt."y"').limit(3);
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toMatch(/^22/);
  });
});
