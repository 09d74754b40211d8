import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { createPaidGig } from './createPaidGig';

const supabase = fakeSupabase();
const rpcCalls = () => supabase.calls.filter((c) => c[0] === 'rpc');

describe('createPaidGig', () => {
  beforeEach(() => supabase.reset());

  it("calls create_paid_gig with the trimmed title and description and the gig's chosen id only (the database sets the figures)", async () => {
    const gig = { id: 'g1', rate: 600, worker_rate: 570, platform_fee: 30, payment_type: 'fixed', status: 'active' };
    supabase.answer('rpc:create_paid_gig', { data: gig, error: null });
    await expect(createPaidGig({ userId: 'u1', title: ' Fence ', description: ' Paint it ' }, 'gig-1')).resolves.toBe(gig);
    expect(rpcCalls()).toEqual([['rpc', 'create_paid_gig', { p_title: 'Fence', p_description: 'Paint it', p_id: 'gig-1' }]]);
  });

  it('a retry that raced the attempt it replaced (refused as a duplicate, 23505) asks again and gets the gig written once', async () => {
    const gig = { id: 'gig-1', rate: 600 };
    supabase.answer('rpc:create_paid_gig', { data: null, error: { code: '23505', message: 'duplicate key value violates unique constraint "gigs_pkey"' } }, { data: gig, error: null });
    await expect(createPaidGig({ userId: 'u1', title: 'Fence', description: 'Paint it' }, 'gig-1')).resolves.toBe(gig);
    expect(rpcCalls().map((c) => c[2])).toEqual([{ p_title: 'Fence', p_description: 'Paint it', p_id: 'gig-1' }, { p_title: 'Fence', p_description: 'Paint it', p_id: 'gig-1' }]);
  });

  it('"User ID is required" without a user', async () => {
    await expect(createPaidGig({ userId: null, title: 'a', description: 'b' }, 'gig-1')).rejects.toThrow('User ID is required');
    expect(rpcCalls()).toEqual([]);
  });

  it('"Gig title and description are required" without either', async () => {
    await expect(createPaidGig({ userId: 'u1', title: '', description: 'b' }, 'gig-1')).rejects.toThrow('Gig title and description are required');
    await expect(createPaidGig({ userId: 'u1', title: 'a', description: ' ' }, 'gig-1')).rejects.toThrow('Gig title and description are required');
    expect(rpcCalls()).toEqual([]);
  });

  it("never passes a raw server text through; a refusal worded for people is kept", async () => {
    supabase.answer('rpc:create_paid_gig', { data: null, error: { message: 'JWT expired', code: 'PGRST301' } });
    await expect(createPaidGig({ userId: 'u1', title: 'a', description: 'b' }, 'gig-1')).rejects.toThrow('Gig payment processing failed');
    supabase.answer('rpc:create_paid_gig', { data: null, error: { message: 'Sign in to post a gig.', code: '42501' } });
    await expect(createPaidGig({ userId: 'u1', title: 'a', description: 'b' }, 'gig-1')).rejects.toThrow('Sign in to post a gig.');
  });

  it.each([
    ['an error without a message', { data: null, error: {} }],
    ['no row', { data: null, error: null }],
  ])('"Gig payment processing failed" for %s', async (_what, answer) => {
    supabase.answer('rpc:create_paid_gig', answer);
    await expect(createPaidGig({ userId: 'u1', title: 'a', description: 'b' }, 'gig-1')).rejects.toThrow('Gig payment processing failed');
  });
});
