import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { recordPayment } from './recordPayment';

const supabase = fakeSupabase();
const rpcCalls = () => supabase.calls.filter((c) => c[0] === 'rpc');

describe('recordPayment', () => {
  beforeEach(() => supabase.reset());

  it('calls record_payment with a pending paypal payment and returns the row', async () => {
    const row = { id: 'p1', amount: 600, status: 'pending' };
    supabase.answer('rpc:record_payment', { data: row, error: null });
    await expect(recordPayment({ amount: 600, description: 'Need40 $600 gig payment', metadata: { kind: 'pay' } })).resolves.toBe(row);
    expect(rpcCalls()).toEqual([['rpc', 'record_payment', {
      p_amount: 600,
      p_payment_method: 'paypal',
      p_status: 'pending',
      p_description: 'Need40 $600 gig payment',
      p_metadata: { kind: 'pay' },
    }]]);
  });

  it('sends an empty metadata object by default', async () => {
    supabase.answer('rpc:record_payment', { data: { id: 'p1' }, error: null });
    await recordPayment({ amount: 40, description: 'Give40' });
    expect(rpcCalls()[0]?.[2]).toMatchObject({ p_metadata: {} });
  });

  it('rejects a missing amount with the spec message before any call', async () => {
    await expect(recordPayment({ amount: 0, description: 'x' })).rejects.toThrow(
      'Invalid payment data: amount, paymentMethod, and status are required',
    );
    expect(rpcCalls()).toEqual([]);
  });

  it('keeps a refusal the database words for people, never a raw server text', async () => {
    supabase.answer('rpc:record_payment', { data: null, error: { message: 'amount must be positive', code: '22023' } });
    await expect(recordPayment({ amount: 600, description: 'x' })).rejects.toThrow('amount must be positive');
    supabase.answer('rpc:record_payment', { data: null, error: { message: 'permission denied for table payments', code: '42P01' } });
    await expect(recordPayment({ amount: 600, description: 'x' })).rejects.toThrow('Failed to record payment');
  });

  it.each([
    ['an error without a message', { data: null, error: { message: '' } }],
    ['no row', { data: null, error: null }],
  ])('"Failed to record payment" for %s', async (_what, answer) => {
    supabase.answer('rpc:record_payment', answer);
    await expect(recordPayment({ amount: 600, description: 'x' })).rejects.toThrow('Failed to record payment');
  });
});
