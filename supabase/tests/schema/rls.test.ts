/**
 * The row-level-security matrix: for each table and operation, as a visitor, as user A on A's
 * rows, as A on B's rows and as the service role — the expected status and code, and that the
 * data did not change when it must not. Scenario table (pocketbase style).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { client, createUser, serviceClient, type TestUser } from 'backend/test/rest/helpers';

let be: TestBackend;
let A: TestUser;
let B: TestUser;
const ids: Record<string, string> = {};
const callers: Record<string, SupabaseClient> = {};

interface Answer {
  status: number;
  error: { code?: string; message?: string } | null;
  data: unknown;
}

interface Scenario {
  name: string;
  as: 'visitor' | 'A' | 'service';
  run: (c: SupabaseClient) => PromiseLike<Answer>;
  status: number;
  code?: string;
  message?: string;
  /** Extra checks on the answer or the database afterwards. */
  then?: (answer: Answer) => Promise<void> | void;
}

const gig = (over: Record<string, unknown> = {}) => ({
  title: 'New gig', description: 'Something to do', payment_type: 'hourly', rate: 30, hours: 4, location: 'remote', skills: ['x'], ...over,
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return be.db.transaction(async (tx) => (await tx.query<T>(text, params)).rows);
}

beforeAll(async () => {
  be = await startTestBackend();
  A = await createUser(be, 'a@example.com', 'User A');
  B = await createUser(be, 'b@example.com', 'User B');
  callers.visitor = client(be);
  callers.A = client(be, A);
  callers.service = serviceClient(be);
  const asB = client(be, B);
  ids.gigA = (await callers.A.from('gigs').insert(gig({ title: 'A gig', user_id: A.id })).select('id').single()).data!.id;
  ids.gigB = (await asB.from('gigs').insert(gig({ title: 'B gig', user_id: B.id })).select('id').single()).data!.id;
  ids.payA = (await callers.A.rpc('record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' })).data.id;
  ids.payB = (await asB.rpc('record_payment', { p_amount: 41, p_payment_method: 'paypal', p_status: 'pending' })).data.id;
});

afterAll(async () => {
  await be?.close();
});

const scenarios: Scenario[] = [
  // profiles
  { name: 'profiles: visitor reads all', as: 'visitor', run: (c) => c.from('profiles').select('id, username'), status: 200, then: (r) => expect(r.data).toHaveLength(2) },
  { name: 'profiles: visitor cannot update', as: 'visitor', run: (c) => c.from('profiles').update({ full_name: 'x' }).eq('id', A.id), status: 401, code: '42501' },
  { name: 'profiles: visitor cannot insert', as: 'visitor', run: (c) => c.from('profiles').insert({ id: A.id }), status: 401, code: '42501' },
  { name: 'profiles: A updates own', as: 'A', run: (c) => c.from('profiles').update({ full_name: 'A renamed', skills: ['go'] }).eq('id', A.id).select('full_name'), status: 200, then: (r) => expect(r.data).toEqual([{ full_name: 'A renamed' }]) },
  {
    name: "profiles: A cannot change B's profile (no row matches)", as: 'A', run: (c) => c.from('profiles').update({ full_name: 'hacked' }).eq('id', B.id).select('id, full_name'), status: 200,
    then: async (r) => {
      expect(r.data).toEqual([]);
      expect((await sql<{ full_name: string }>('select full_name from public.profiles where id = $1', [B.id]))[0]!.full_name).toBe('User B');
    },
  },
  { name: "profiles: A cannot change own id", as: 'A', run: (c) => c.from('profiles').update({ id: B.id }).eq('id', A.id), status: 403, code: '42501' },
  { name: 'profiles: A cannot insert a profile', as: 'A', run: (c) => c.from('profiles').insert({ id: A.id, username: 'dup' }), status: 403, code: '42501' },
  { name: 'profiles: A cannot delete own profile', as: 'A', run: (c) => c.from('profiles').delete().eq('id', A.id), status: 403, code: '42501' },
  { name: 'profiles: a bad value is a 400 (check constraint)', as: 'A', run: (c) => c.from('profiles').update({ hours_per_week: 500 }).eq('id', A.id), status: 400, code: '23514' },
  { name: 'profiles: experience must be an array', as: 'A', run: (c) => c.from('profiles').update({ experience: { title: 'x' } }).eq('id', A.id), status: 400, code: '23514' },
  { name: 'profiles: service role updates any', as: 'service', run: (c) => c.from('profiles').update({ title: 'Set by admin' }).eq('id', B.id).select('title'), status: 200, then: (r) => expect(r.data).toEqual([{ title: 'Set by admin' }]) },

  // gigs
  { name: 'gigs: visitor reads all', as: 'visitor', run: (c) => c.from('gigs').select('title'), status: 200, then: (r) => expect(r.data).toHaveLength(2) },
  { name: 'gigs: visitor cannot insert', as: 'visitor', run: (c) => c.from('gigs').insert(gig()), status: 401, code: '42501' },
  { name: 'gigs: visitor cannot delete', as: 'visitor', run: (c) => c.from('gigs').delete().eq('id', ids.gigA!), status: 401, code: '42501' },
  { name: 'gigs: A inserts as A', as: 'A', run: (c) => c.from('gigs').insert(gig({ user_id: A.id })).select('user_id').single(), status: 201, then: (r) => expect(r.data).toEqual({ user_id: A.id }) },
  { name: 'gigs: A inserts without user_id (defaults to A)', as: 'A', run: (c) => c.from('gigs').insert(gig()).select('user_id').single(), status: 201, then: (r) => expect(r.data).toEqual({ user_id: A.id }) },
  { name: "gigs: A cannot forge B's user_id", as: 'A', run: (c) => c.from('gigs').insert(gig({ user_id: B.id })), status: 403, code: '42501' },
  { name: 'gigs: A cannot set fees even to 570/30', as: 'A', run: (c) => c.from('gigs').insert(gig({ rate: 600, worker_rate: 570, platform_fee: 30 })), status: 403, code: '42501' },
  { name: 'gigs: A cannot set other fees', as: 'A', run: (c) => c.from('gigs').insert(gig({ rate: 600, worker_rate: 600, platform_fee: 0 })), status: 403, code: '42501' },
  { name: 'gigs: A cannot set status', as: 'A', run: (c) => c.from('gigs').insert(gig({ status: 'active' })), status: 403, code: '42501' },
  { name: 'gigs: A cannot attach a payment', as: 'A', run: (c) => c.from('gigs').insert(gig({ payment_id: ids.payA })), status: 403, code: '42501' },
  { name: 'gigs: A cannot pin created_at', as: 'A', run: (c) => c.from('gigs').insert(gig({ created_at: '2999-01-01T00:00:00Z' })).select('created_at').single(), status: 201, then: (r) => expect(new Date((r.data as { created_at: string }).created_at).getFullYear()).toBeLessThan(2999) },
  { name: 'gigs: A updates own', as: 'A', run: (c) => c.from('gigs').update({ title: 'A gig edited' }).eq('id', ids.gigA!).select('title'), status: 200, then: (r) => expect(r.data).toEqual([{ title: 'A gig edited' }]) },
  { name: 'gigs: A cannot hand own gig to B', as: 'A', run: (c) => c.from('gigs').update({ user_id: B.id }).eq('id', ids.gigA!), status: 403, code: '42501' },
  { name: 'gigs: A cannot set fees on own gig', as: 'A', run: (c) => c.from('gigs').update({ platform_fee: 0 }).eq('id', ids.gigA!), status: 403, code: '42501' },
  { name: 'gigs: A cannot move created_at', as: 'A', run: (c) => c.from('gigs').update({ created_at: '2999-01-01T00:00:00Z' }).eq('id', ids.gigA!), status: 403, code: '42501' },
  {
    name: "gigs: A cannot update B's gig", as: 'A', run: (c) => c.from('gigs').update({ title: 'hacked' }).eq('id', ids.gigB!).select(), status: 200,
    then: async (r) => {
      expect(r.data).toEqual([]);
      expect((await sql<{ title: string }>('select title from public.gigs where id = $1', [ids.gigB]))[0]!.title).toBe('B gig');
    },
  },
  {
    name: "gigs: A cannot delete B's gig", as: 'A', run: (c) => c.from('gigs').delete().eq('id', ids.gigB!).select(), status: 200,
    then: async (r) => {
      expect(r.data).toEqual([]);
      expect(await sql('select 1 from public.gigs where id = $1', [ids.gigB])).toHaveLength(1);
    },
  },
  { name: 'gigs: service role reads all', as: 'service', run: (c) => c.from('gigs').select('id'), status: 200 },

  // payments
  { name: 'payments: visitor reads none (no privilege)', as: 'visitor', run: (c) => c.from('payments').select('*'), status: 401, code: '42501' },
  { name: 'payments: visitor cannot insert directly', as: 'visitor', run: (c) => c.from('payments').insert({ amount: 40, status: 'pending', payment_method: 'paypal' }), status: 401, code: '42501' },
  { name: 'payments: A reads only own', as: 'A', run: (c) => c.from('payments').select('id, user_id'), status: 200, then: (r) => expect((r.data as { user_id: string }[]).every((p) => p.user_id === A.id)).toBe(true) },
  { name: "payments: A cannot read B's payment", as: 'A', run: (c) => c.from('payments').select('*').eq('id', ids.payB!), status: 200, then: (r) => expect(r.data).toEqual([]) },
  { name: 'payments: A inserts an own pending row', as: 'A', run: (c) => c.from('payments').insert({ amount: 10, status: 'pending', payment_method: 'paypal', user_id: A.id }).select('status').single(), status: 201 },
  { name: 'payments: A cannot insert for B', as: 'A', run: (c) => c.from('payments').insert({ amount: 10, status: 'pending', payment_method: 'paypal', user_id: B.id }), status: 403, code: '42501' },
  { name: 'payments: A cannot insert a completed payment', as: 'A', run: (c) => c.from('payments').insert({ amount: 600, status: 'completed', payment_method: 'paypal', user_id: A.id }), status: 403, code: '42501' },
  { name: 'payments: A cannot update own payment', as: 'A', run: (c) => c.from('payments').update({ status: 'completed' }).eq('id', ids.payA!), status: 403, code: '42501' },
  { name: 'payments: A cannot delete own payment', as: 'A', run: (c) => c.from('payments').delete().eq('id', ids.payA!), status: 403, code: '42501' },
  { name: 'payments: service role reads all', as: 'service', run: (c) => c.from('payments').select('id'), status: 200, then: (r) => expect((r.data as unknown[]).length).toBeGreaterThanOrEqual(2) },

  // audit_logs
  { name: 'audit_logs: visitor reads none', as: 'visitor', run: (c) => c.from('audit_logs').select('*'), status: 401, code: '42501' },
  { name: 'audit_logs: visitor cannot write', as: 'visitor', run: (c) => c.from('audit_logs').insert({ operation: 'INSERT', table_name: 'gigs', details: {} }), status: 401, code: '42501' },
  { name: 'audit_logs: A reads only own rows', as: 'A', run: (c) => c.from('audit_logs').select('user_id, table_name'), status: 200, then: (r) => {
    const rows = r.data as { user_id: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.user_id === A.id)).toBe(true);
  } },
  { name: 'audit_logs: A cannot forge a row', as: 'A', run: (c) => c.from('audit_logs').insert({ operation: 'INSERT', table_name: 'gigs', details: {}, user_id: A.id }), status: 403, code: '42501' },
  { name: 'audit_logs: A cannot update', as: 'A', run: (c) => c.from('audit_logs').update({ details: {} }).eq('user_id', A.id), status: 403, code: '42501' },
  { name: 'audit_logs: A cannot delete', as: 'A', run: (c) => c.from('audit_logs').delete().eq('user_id', A.id), status: 403, code: '42501' },
  { name: 'audit_logs: not even the service role writes', as: 'service', run: (c) => c.from('audit_logs').insert({ operation: 'INSERT', table_name: 'gigs', details: {} }), status: 403, code: '42501' },

  // the $600 path and recorded payments
  { name: 'create_paid_gig: visitor', as: 'visitor', run: (c) => c.rpc('create_paid_gig', { p_title: 'T', p_description: 'D' }), status: 401, code: '42501', message: 'You must be logged in to create a gig' },
  { name: 'create_paid_gig: blank title', as: 'A', run: (c) => c.rpc('create_paid_gig', { p_title: '  ', p_description: 'D' }), status: 400, message: 'Gig title and description are required' },
  { name: 'create_paid_gig: missing description', as: 'A', run: (c) => c.rpc('create_paid_gig', { p_title: 'T', p_description: null }), status: 400, message: 'Gig title and description are required' },
  {
    name: 'create_paid_gig: A gets 600/570/30 with a completed payment and audit rows', as: 'A', run: (c) => c.rpc('create_paid_gig', { p_title: 'Paid', p_description: 'D' }), status: 200,
    then: async (r) => {
      const g = r.data as { id: string; payment_id: string };
      expect(r.data).toMatchObject({ rate: 600, worker_rate: 570, platform_fee: 30, payment_type: 'fixed', status: 'active', user_id: A.id, hours: null, location: null });
      expect(await sql('select amount::int as amount, status, payment_method, user_id from public.payments where id = $1', [g.payment_id])).toEqual([{ amount: 600, status: 'completed', payment_method: 'paypal', user_id: A.id }]);
      const audit = await sql<{ table_name: string; user_id: string }>("select table_name, user_id from public.audit_logs where details->>'gig_id' = $1 or details->>'payment_id' = $2 order by id", [g.id, g.payment_id]);
      expect(audit.map((x) => x.table_name)).toEqual(['payments', 'gigs']);
      expect(audit.every((x) => x.user_id === A.id)).toBe(true);
    },
  },
  { name: 'create_paid_gig: extra fee arguments are not accepted', as: 'A', run: (c) => c.rpc('create_paid_gig', { p_title: 'T', p_description: 'D', p_platform_fee: 0 }), status: 404, code: 'PGRST202' },
  { name: 'record_payment: missing fields', as: 'visitor', run: (c) => c.rpc('record_payment', { p_amount: null, p_payment_method: 'paypal', p_status: 'pending' }), status: 400, message: 'Invalid payment data: amount, paymentMethod, and status are required' },
  { name: 'record_payment: missing status key', as: 'visitor', run: (c) => c.rpc('record_payment', { p_amount: 40, p_payment_method: 'paypal' }), status: 404, code: 'PGRST202' },
  { name: 'record_payment: clients cannot record completed', as: 'A', run: (c) => c.rpc('record_payment', { p_amount: 600, p_payment_method: 'paypal', p_status: 'completed' }), status: 400, code: '22023' },
  { name: 'record_payment: only paypal', as: 'A', run: (c) => c.rpc('record_payment', { p_amount: 10, p_payment_method: 'card', p_status: 'pending' }), status: 400, code: '22023' },
  { name: 'record_payment: positive amount', as: 'A', run: (c) => c.rpc('record_payment', { p_amount: -5, p_payment_method: 'paypal', p_status: 'pending' }), status: 400, code: '22023' },
  { name: 'record_payment: A records for A', as: 'A', run: (c) => c.rpc('record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' }), status: 200, then: (r) => expect(r.data).toMatchObject({ user_id: A.id, status: 'pending' }) },
  { name: 'record_payment: visitor records an anonymous one', as: 'visitor', run: (c) => c.rpc('record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending', p_metadata: { kind: 'give40' } }), status: 200, then: (r) => expect(r.data).toMatchObject({ user_id: null, metadata: { kind: 'give40' } }) },
];

describe('row-level security matrix', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const answer = (await s.run(callers[s.as]!)) as Answer;
    expect({ status: answer.status, code: s.code === undefined ? undefined : answer.error?.code }).toEqual({ status: s.status, code: s.code });
    if (s.status < 300) expect(answer.error).toBeNull();
    if (s.message) expect(answer.error?.message).toBe(s.message);
    await s.then?.(answer);
  });
});
