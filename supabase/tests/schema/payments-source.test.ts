/**
 * Payments say where their status comes from (`source`, set by the database): the $600 path's
 * completed payment is `self_reported`, rows the app records are `client_recorded`, and only the
 * service role may record a `confirmed_transfer`. No client can choose the source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { client, createUser, serviceClient, type TestUser } from 'backend/test/rest/helpers';

let be: TestBackend;
let user: TestUser;
beforeAll(async () => {
  be = await startTestBackend();
  user = await createUser(be, 'payer@example.com', 'Payer');
});
afterAll(async () => {
  await be?.close();
});

const sourceOf = async (id: string) => (await serviceClient(be).from('payments').select('source').eq('id', id).single()).data?.source;

describe('payments.source', () => {
  it('the $600 path is self_reported; record_payment and a direct pending insert are client_recorded', async () => {
    const db = client(be, user);
    const gig = await db.rpc('create_paid_gig', { p_title: 'Paid', p_description: 'D' });
    expect(gig.error).toBeNull();
    expect(await sourceOf(gig.data.payment_id)).toBe('self_reported');
    const recorded = await db.rpc('record_payment', { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending' });
    expect(await sourceOf(recorded.data.id)).toBe('client_recorded');
    const inserted = await db.from('payments').insert({ amount: 5, status: 'pending', payment_method: 'paypal', user_id: user.id }).select('source').single();
    expect(inserted.data?.source).toBe('client_recorded');
    // The owner reads the source of their own payments.
    const own = await db.from('payments').select('status, source').eq('id', gig.data.payment_id).single();
    expect(own.data).toEqual({ status: 'completed', source: 'self_reported' });
  });

  it('a client cannot set the source (column privilege), not even with a pending row', async () => {
    const res = await client(be, user).from('payments').insert({ amount: 5, status: 'pending', payment_method: 'paypal', user_id: user.id, source: 'confirmed_transfer' });
    expect(res.error?.code).toBe('42501');
    const visitor = await client(be).from('payments').insert({ amount: 5, status: 'pending', payment_method: 'paypal', source: 'confirmed_transfer' });
    expect(visitor.error?.code).toBe('42501');
  });

  it('the service role records a confirmed transfer; a completed payment without a proof-bearing source is refused', async () => {
    const service = serviceClient(be);
    const ok = await service.from('payments').insert({ amount: 600, status: 'completed', payment_method: 'paypal', user_id: user.id, source: 'confirmed_transfer' }).select('source').single();
    expect(ok.data?.source).toBe('confirmed_transfer');
    const bad = await service.from('payments').insert({ amount: 600, status: 'completed', payment_method: 'paypal', user_id: user.id });
    expect(bad.error?.code).toBe('23514');
    const unknown = await service.from('payments').insert({ amount: 1, status: 'pending', payment_method: 'paypal', source: 'wire' });
    expect(unknown.error?.code).toBe('23514');
  });

  it('the audit trail records the source', async () => {
    const gig = await client(be, user).rpc('create_paid_gig', { p_title: 'Audited', p_description: 'D' });
    const audit = await serviceClient(be).from('audit_logs').select('details').eq('table_name', 'payments').eq('details->>payment_id', gig.data.payment_id).single();
    expect((audit.data?.details as Record<string, unknown>).source).toBe('self_reported');
  });
});
