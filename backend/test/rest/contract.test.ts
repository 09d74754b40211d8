/**
 * Contract tests: the real @supabase/supabase-js against /rest/v1, as the app calls it.
 * Runs on PGlite by default, on PostgreSQL with TEST_DB=postgres TEST_DATABASE_URL=….
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { client, createUser, seedGigs, serviceClient, type TestUser } from './helpers';

let be: TestBackend;
let alice: TestUser;
let bob: TestUser;
let anon: SupabaseClient;
let asAlice: SupabaseClient;

/** The filter builder from select(): its generic types are too deep to spell in a table of cases. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Query = any;

const day = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString();

beforeAll(async () => {
  be = await startTestBackend();
  alice = await createUser(be, 'alice@example.com', 'Alice Doe');
  bob = await createUser(be, 'bob.smith@example.com', 'Bob Smith');
  await seedGigs(be, alice.id, [
    { title: 'Paint the garden fence', rate: 25, hours: 8, location: 'onsite', skills: ['painting', 'diy'], created_at: day(1) },
    { title: 'React landing page', payment_type: 'fixed', rate: 900, hours: 30, location: 'remote', skills: ['react', 'css'], created_at: day(3) },
  ]);
  await seedGigs(be, bob.id, [
    { title: 'Fix leaking tap', rate: 40, hours: 2, location: 'onsite', skills: ['plumbing'], created_at: day(2) },
    { title: 'Data cleanup in Python', rate: 55, hours: 12, location: 'hybrid', skills: ['python', 'sql'], created_at: day(4) },
    { title: 'Write a React hook', rate: 70, hours: 5, location: 'remote', skills: ['react', 'typescript'], created_at: day(5), description: 'Custom hooks for fetching data' },
  ]);
  anon = client(be);
  asAlice = client(be, alice);
});

afterAll(async () => {
  await be?.close();
});

const titles = (data: unknown) => (data as { title: string }[]).map((g) => g.title);

describe('the home page list', () => {
  it('reads every gig newest first with the poster embedded (visitor)', async () => {
    const { data, error, status } = await anon.from('gigs').select('*, profiles!gigs_user_id_fkey(username, avatar_url)').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(titles(data)).toEqual(['Write a React hook', 'Data cleanup in Python', 'React landing page', 'Fix leaking tap', 'Paint the garden fence']);
    const first = data![0];
    expect(first).toMatchObject({ user_id: bob.id, payment_type: 'hourly', rate: 70, hours: 5, location: 'remote', skills: ['react', 'typescript'], status: 'active', worker_rate: null, platform_fee: null, payment_id: null });
    expect(first.profiles).toEqual({ username: 'bobsmith', avatar_url: null });
    expect(Object.keys(first).sort()).toEqual(['applicant_count', 'created_at', 'description', 'hidden_at', 'hidden_cause', 'hidden_reason', 'hours', 'id', 'location', 'payment_id', 'payment_type', 'platform_fee', 'profiles', 'rate', 'rate_cents', 'skills', 'status', 'title', 'user_id', 'worker_rate'].sort());
    expect(first.created_at).toMatch(/^2025-01-05T00:00:00(\.0+)?\+00:00$/);
  });

  it.each([
    ['title contains (ilike)', (q: Query) => q.ilike('title', '%react%'), ['Write a React hook', 'React landing page']],
    ['payment_type equal', (q: Query) => q.eq('payment_type', 'fixed'), ['React landing page']],
    ['location equal', (q: Query) => q.eq('location', 'onsite'), ['Fix leaking tap', 'Paint the garden fence']],
    ['rate at least', (q: Query) => q.gte('rate', 55), ['Write a React hook', 'Data cleanup in Python', 'React landing page']],
    ['rate at most', (q: Query) => q.lte('rate', 40), ['Fix leaking tap', 'Paint the garden fence']],
    ['rate in cents, as the grid sends it', (q: Query) => q.gte('rate_cents', 4000).lte('rate_cents', 5500), ['Data cleanup in Python', 'Fix leaking tap']],
    ['skills containing a list', (q: Query) => q.contains('skills', ['react']), ['Write a React hook', 'React landing page']],
    ['skills containing two', (q: Query) => q.contains('skills', ['react', 'css']), ['React landing page']],
    ['all filters at once', (q: Query) => q.ilike('title', '%React%').eq('payment_type', 'hourly').eq('location', 'remote').gte('rate', 10).lte('rate', 100).contains('skills', ['react']), ['Write a React hook']],
  ])('filters: %s', async (_name, apply, expected) => {
    const q = anon.from('gigs').select('*, profiles!gigs_user_id_fkey(username, avatar_url)');
    const { data, error } = await apply(q).order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(titles(data)).toEqual(expected);
  });
});

describe('filters', () => {
  const base = () => anon.from('gigs').select('title').order('rate');
  it.each([
    ['eq', (q: Query) => q.eq('rate', 40), ['Fix leaking tap']],
    ['neq', (q: Query) => q.neq('location', 'onsite'), ['Data cleanup in Python', 'Write a React hook', 'React landing page']],
    ['gt', (q: Query) => q.gt('rate', 55), ['Write a React hook', 'React landing page']],
    ['lt', (q: Query) => q.lt('rate', 40), ['Paint the garden fence']],
    ['like with %', (q: Query) => q.like('title', '%React%'), ['Write a React hook', 'React landing page']],
    ['like with *', (q: Query) => q.like('title', '*leaking*'), ['Fix leaking tap']],
    ['ilike', (q: Query) => q.ilike('title', 'PAINT%'), ['Paint the garden fence']],
    ['is null', (q: Query) => q.is('payment_id', null), ['Paint the garden fence', 'Fix leaking tap', 'Data cleanup in Python', 'Write a React hook', 'React landing page']],
    ['in', (q: Query) => q.in('location', ['hybrid', 'remote']), ['Data cleanup in Python', 'Write a React hook', 'React landing page']],
    ['in with a comma inside a value', (q: Query) => q.in('title', ['Fix leaking tap', 'a,b']), ['Fix leaking tap']],
    ['containedBy', (q: Query) => q.containedBy('skills', ['react', 'css', 'html']), ['React landing page']],
    ['overlaps', (q: Query) => q.overlaps('skills', ['sql', 'diy']), ['Paint the garden fence', 'Data cleanup in Python']],
    ['textSearch (fts)', (q: Query) => q.textSearch('description', 'hooks & fetching'), ['Write a React hook']],
    ['textSearch plain', (q: Query) => q.textSearch('description', 'custom hooks', { type: 'plain', config: 'english' }), ['Write a React hook']],
    ['textSearch phrase', (q: Query) => q.textSearch('description', 'custom hooks', { type: 'phrase' }), ['Write a React hook']],
    ['textSearch websearch', (q: Query) => q.textSearch('description', '"custom hooks" -python', { type: 'websearch' }), ['Write a React hook']],
    ['not', (q: Query) => q.not('location', 'eq', 'remote'), ['Paint the garden fence', 'Fix leaking tap', 'Data cleanup in Python']],
    ['not in', (q: Query) => q.not('location', 'in', '(remote,hybrid)'), ['Paint the garden fence', 'Fix leaking tap']],
    ['or', (q: Query) => q.or('rate.lt.30,rate.gt.800'), ['Paint the garden fence', 'React landing page']],
    ['or with nested and', (q: Query) => q.or('rate.eq.25,and(location.eq.remote,rate.lt.100)'), ['Paint the garden fence', 'Write a React hook']],
    ['filter() with an operator', (q: Query) => q.filter('rate', 'gte', 70), ['Write a React hook', 'React landing page']],
    ['match()', (q: Query) => q.match({ location: 'onsite', rate: 40 }), ['Fix leaking tap']],
    ['a value with spaces and +', (q: Query) => q.eq('title', 'Fix leaking tap'), ['Fix leaking tap']],
  ])('%s', async (_name, apply, expected) => {
    const { data, error } = await apply(base());
    expect(error).toBeNull();
    expect(titles(data)).toEqual(expected);
  });

  it('a value that is not of the column type is a 400 (22P02), not a 500', async () => {
    const { error, status } = await anon.from('gigs').select('id').eq('id', 'not-a-uuid');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});

describe('shaping the answer', () => {
  it('orders with nulls first / last', async () => {
    await be.db.transaction((tx) => tx.query("update public.profiles set title = 'Painter' where id = $1", [alice.id]));
    const last = await anon.from('profiles').select('username, title').order('title', { ascending: true, nullsFirst: false });
    expect((last.data as { title: string | null }[]).map((p) => p.title)).toEqual(['Painter', null]);
    const first = await anon.from('profiles').select('username, title').order('title', { ascending: true, nullsFirst: true });
    expect((first.data as { title: string | null }[]).map((p) => p.title)).toEqual([null, 'Painter']);
  });

  it('limit, range and exact count with Content-Range', async () => {
    const { data, count, status } = await anon.from('gigs').select('title', { count: 'exact' }).order('created_at', { ascending: false }).range(1, 2);
    expect(titles(data)).toEqual(['Data cleanup in Python', 'React landing page']);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const limited = await anon.from('gigs').select('title').order('created_at').limit(1);
    expect(titles(limited.data)).toEqual(['Paint the garden fence']);
  });

  it('count estimated (exact when small) and planned (the planner estimate)', async () => {
    const estimated = await anon.from('gigs').select('title', { count: 'estimated' }).eq('location', 'remote');
    expect(estimated.error).toBeNull();
    expect(estimated.count).toBe(2);
    const planned = await anon.from('gigs').select('title', { count: 'planned' }).limit(1);
    expect(planned.error).toBeNull();
    expect(planned.count).toBeGreaterThanOrEqual(1);
  });

  it('count exact with head: no body', async () => {
    const { data, count, error, status } = await anon.from('gigs').select('*', { count: 'exact', head: true }).eq('location', 'remote');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(2);
  });

  it('the connection test: a count selected from profiles', async () => {
    const { error, count } = await anon.from('profiles').select('count', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(2);
  });

  it('.single() gives the object, or 406 PGRST116 unless exactly one row', async () => {
    const one = await anon.from('profiles').select('id, username, full_name, skills, experience, preferred_hours, portfolio').eq('id', alice.id).single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ id: alice.id, username: 'alicedoe', full_name: 'Alice Doe', skills: [], experience: [], preferred_hours: [], portfolio: [] });
    const none = await anon.from('profiles').select('id').eq('username', 'nobody').single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    const many = await anon.from('gigs').select('*').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  it('.maybeSingle() gives null for no row, the object for one', async () => {
    const none = await anon.from('profiles').select('id').eq('username', 'nobody').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const one = await anon.from('profiles').select('username').eq('id', bob.id).maybeSingle();
    expect(one.data).toEqual({ username: 'bobsmith' });
  });

  it('aliases, casts, one-to-many arrays, !inner and hints', async () => {
    const { data, error } = await anon
      .from('profiles')
      .select('name:full_name, rate_text:hourly_rate::text, gigs!gigs_user_id_fkey(title)')
      .eq('id', alice.id)
      .order('created_at', { ascending: true, referencedTable: 'gigs' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Alice Doe', rate_text: null, gigs: [{ title: 'Paint the garden fence' }, { title: 'React landing page' }] });

    const inner = await anon.from('gigs').select('title, poster:profiles!gigs_user_id_fkey!inner(username)').eq('poster.username', 'alicedoe').order('title');
    expect(inner.error).toBeNull();
    expect(titles(inner.data)).toEqual(['Paint the garden fence', 'React landing page']);
    expect(inner.data![0]).toEqual({ title: 'Paint the garden fence', poster: { username: 'alicedoe' } });

    const left = await anon.from('gigs').select('title, profiles!gigs_user_id_fkey(username)').eq('profiles.username', 'alicedoe').order('title').limit(2);
    expect(left.data).toEqual([{ title: 'Data cleanup in Python', profiles: null }, { title: 'Fix leaking tap', profiles: null }]);

    const hinted = await anon.from('gigs').select('title, profiles!gigs_user_id_fkey(full_name)').eq('rate', 40).single();
    expect(hinted.data).toEqual({ title: 'Fix leaking tap', profiles: { full_name: 'Bob Smith' } });

    const limited = await anon.from('profiles').select('username, gigs!gigs_user_id_fkey(title)').eq('id', bob.id).limit(1, { referencedTable: 'gigs' }).single();
    expect((limited.data as { gigs: unknown[] }).gigs).toHaveLength(1);
  });

  it('unknown relationship → 400 PGRST200; unknown column → 400 42703; unknown table → 404 PGRST205', async () => {
    const rel = await anon.from('gigs').select('title, nothing(id)');
    expect([rel.status, rel.error?.code]).toEqual([400, 'PGRST200']);
    const col = await anon.from('gigs').select('nope');
    expect([col.status, col.error?.code]).toEqual([400, '42703']);
    const table = await anon.from('nope').select('*');
    expect([table.status, table.error?.code]).toEqual([404, 'PGRST205']);
  });
});

describe('writes', () => {
  it('insert as the app does (created_at from the server), update, delete', async () => {
    const sent = { title: 'Mow the lawn', description: 'Front and back', payment_type: 'hourly', rate: 20, hours: 3, location: 'onsite', skills: ['garden'], user_id: alice.id, created_at: '2099-01-01T00:00:00.000Z' };
    const minimal = await asAlice.from('gigs').insert(sent);
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();

    const { data: row, error } = await asAlice.from('gigs').select('*').eq('title', 'Mow the lawn').single();
    expect(error).toBeNull();
    expect(new Date(row!.created_at).getFullYear()).toBeLessThan(2099);

    const upd = await asAlice.from('gigs').update({ rate: 22, skills: ['garden', 'tools'] }).eq('id', row!.id).select('rate, skills');
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual([{ rate: 22, skills: ['garden', 'tools'] }]);

    const del = await asAlice.from('gigs').delete().eq('id', row!.id).select('title');
    expect(del.data).toEqual([{ title: 'Mow the lawn' }]);
    const gone = await anon.from('gigs').select('id').eq('id', row!.id);
    expect(gone.data).toEqual([]);

    const plainDelete = await asAlice.from('gigs').delete().eq('id', row!.id);
    expect(plainDelete.status).toBe(204);
  });

  it('insert several rows and read them back with an embed', async () => {
    const rows = [
      { title: 'A1', description: 'd', rate: 1, hours: 1, location: 'remote', user_id: alice.id },
      { title: 'A2', description: 'd', rate: 2, hours: 1, location: 'remote', skills: ['x'], user_id: alice.id },
    ];
    // Keys missing from some objects are NULL unless missing=default (supabase-js: defaultToNull: false).
    const nulls = await asAlice.from('gigs').insert(rows);
    expect([nulls.status, nulls.error?.code]).toEqual([400, '23502']);
    const { data, error, status } = await asAlice.from('gigs').insert(rows, { defaultToNull: false }).select('title, skills, profiles!gigs_user_id_fkey(username)');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { title: 'A1', skills: [], profiles: { username: 'alicedoe' } },
      { title: 'A2', skills: ['x'], profiles: { username: 'alicedoe' } },
    ]);
    await asAlice.from('gigs').delete().in('title', ['A1', 'A2']);
  });

  it('upsert merges or ignores duplicates on the primary key or on_conflict', async () => {
    // user_id is not updatable by users, so an upsert that names it is refused (42501 → 403).
    const owner = await asAlice.from('gigs').upsert({ id: '00000000-0000-4000-8000-0000000000ab', title: 'U', description: 'd', rate: 1, hours: 1, location: 'remote', user_id: alice.id });
    expect([owner.status, owner.error?.code]).toEqual([403, '42501']);
    const service = serviceClient(be);
    const id = '00000000-0000-4000-8000-0000000000aa';
    const first = await asAlice.from('gigs').upsert({ id, title: 'Up', description: 'd', rate: 10, hours: 1, location: 'remote' }).select('title, rate').single();
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ title: 'Up', rate: 10 });
    const merged = await asAlice.from('gigs').upsert({ id, title: 'Up 2', description: 'd', rate: 11, hours: 1, location: 'remote' }).select('title, rate');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ title: 'Up 2', rate: 11 }]);
    const ignored = await asAlice.from('gigs').upsert({ id, title: 'Up 3', description: 'd', rate: 12, hours: 1, location: 'remote' }, { ignoreDuplicates: true }).select('title');
    expect(ignored.data).toEqual([]);
    const profile = await service.from('profiles').upsert({ id: bob.id, username: 'bobby' }, { onConflict: 'id' }).select('username');
    expect(profile.data).toEqual([{ username: 'bobby' }]);
    await service.from('profiles').update({ username: 'bobsmith' }).eq('id', bob.id);
    await service.from('gigs').delete().eq('id', id);
  });

  it('missing=default fills absent keys from column defaults', async () => {
    const res = await fetch(`${be.url}/rest/v1/gigs?columns=title,description,rate,hours,location,skills,user_id`, {
      method: 'POST',
      headers: { apikey: be.config.ANON_KEY, authorization: `Bearer ${alice.token}`, 'content-type': 'application/json', prefer: 'return=representation,missing=default' },
      body: JSON.stringify([{ title: 'D1', description: 'd', rate: 3, hours: 1, location: 'remote' }]),
    });
    expect(res.status).toBe(201);
    const [row] = (await res.json()) as { skills: string[]; user_id: string; id: string }[];
    expect(row).toMatchObject({ skills: [], user_id: alice.id });
    await asAlice.from('gigs').delete().eq('id', row!.id);
  });

  it('.single() on a write that touches several rows → 406 PGRST116 and nothing changes', async () => {
    const res = await asAlice.from('gigs').update({ hours: 99 }).eq('user_id', alice.id).select('id').single();
    expect([res.status, res.error?.code]).toEqual([406, 'PGRST116']);
    const after = await anon.from('gigs').select('hours').eq('user_id', alice.id).eq('hours', 99);
    expect(after.data).toEqual([]);
  });

  it('a check violation → 400 23514; unknown column → 400 PGRST204', async () => {
    const bad = await asAlice.from('gigs').insert({ title: 'x', description: ' ', rate: 1, hours: 1, location: 'remote', user_id: alice.id });
    expect([bad.status, bad.error?.code]).toEqual([400, '23514']);
    const unknown = await asAlice.from('gigs').insert({ title: 'x', nope: 1 });
    expect([unknown.status, unknown.error?.code]).toEqual([400, 'PGRST204']);
  });

  it('a profile update by the owner with the whole profile object', async () => {
    const profile = {
      full_name: 'Alice D.', title: 'Gardener', bio: 'Hello', skills: ['garden'], hourly_rate: 35.5, hours_per_week: 20,
      preferred_hours: ['mornings'], timezone: 'Europe/Paris',
      experience: [{ title: 'Gardener', company: 'Green Co', startDate: '2020-01', endDate: '2023-06', description: 'Hedges' }],
      portfolio: ['https://example.com'], contact_email: 'alice@example.com', contact_phone: '+33 1', linkedin_url: 'https://linkedin.com/in/a', github_url: 'https://github.com/a',
    };
    // The contact columns are written with the rest but read back only through contact_details().
    const { contact_email, contact_phone, ...shown } = profile;
    const columns: string = `id, username, created_at, updated_at, ${Object.keys(shown).join(', ')}`;
    const { data, error } = await asAlice.from('profiles').update(profile).eq('id', alice.id).select(columns).single<{ created_at: string; updated_at: string }>();
    expect(error).toBeNull();
    expect(data).toEqual({ ...shown, id: alice.id, username: 'alicedoe', created_at: expect.any(String), updated_at: expect.any(String) });
    expect(data!.updated_at >= data!.created_at).toBe(true);
    const contact = await asAlice.rpc('contact_details', { p_user_id: alice.id });
    expect(contact.data).toEqual([{ user_id: alice.id, email: contact_email, phone: contact_phone }]);
    const star = await asAlice.from('profiles').update({ bio: 'Hi' }).eq('id', alice.id).select().single();
    expect([star.status, star.error?.code]).toEqual([403, '42501']);
  });
});

describe('rpc', () => {
  it('record_payment as a visitor returns the pending row', async () => {
    const { data, error } = await anon.rpc('record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending', p_description: 'Give40', p_metadata: { kind: 'donation' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ amount: 40, status: 'pending', payment_method: 'paypal', description: 'Give40', user_id: null, metadata: { kind: 'donation' } });
  });

  it('record_payment with a missing field gives the spec message', async () => {
    const { error, status } = await anon.rpc('record_payment', { p_amount: 40, p_payment_method: null, p_status: 'pending' });
    expect(status).toBe(400);
    expect(error?.message).toBe('Invalid payment data: amount, paymentMethod, and status are required');
  });

  it('create_paid_gig as a user: 600 / 570 / 30, fixed, active, with its payment', async () => {
    const { data, error } = await asAlice.rpc('create_paid_gig', { p_title: 'Paid gig', p_description: 'All in' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'Paid gig', payment_type: 'fixed', rate: 600, worker_rate: 570, platform_fee: 30, status: 'active', user_id: alice.id });
    const payment = await asAlice.from('payments').select('amount, status, payment_method, user_id').eq('id', data.payment_id).single();
    expect(payment.data).toEqual({ amount: 600, status: 'completed', payment_method: 'paypal', user_id: alice.id });
    const embedded = await asAlice.rpc('create_paid_gig', { p_title: 'Paid 2', p_description: 'x' }).select('title, profiles!gigs_user_id_fkey(username)').single();
    expect(embedded.data).toEqual({ title: 'Paid 2', profiles: { username: 'alicedoe' } });
  });

  it('unknown function → 404 PGRST202; GET rpc works for read-only calls', async () => {
    const { error, status } = await anon.rpc('nope', {});
    expect([status, error?.code]).toEqual([404, 'PGRST202']);
    const get = await anon.rpc('record_payment', { p_amount: 1, p_payment_method: 'paypal', p_status: 'pending' }, { get: true });
    expect(get.status).toBe(405); // volatile function in a read-only transaction (25006)
  });
});
