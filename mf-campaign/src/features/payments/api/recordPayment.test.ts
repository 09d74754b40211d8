import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordPayment } from './recordPayment';
import { rpc } from '../../../test/supabaseRpc';

vi.mock('@need40/shared', async (original) => (await import('../../../test/supabaseRpc')).sharedWithRpc(original));

describe('recordPayment', () => {
  beforeEach(() => {
    rpc.mockReset();
  });

  it('calls record_payment with a pending paypal payment and returns the row', async () => {
    const row = { id: 'p1', amount: 600, status: 'pending' };
    rpc.mockResolvedValue({ data: row, error: null });
    await expect(recordPayment({ amount: 600, description: 'Need40 $600 gig payment', metadata: { kind: 'pay' } })).resolves.toBe(row);
    expect(rpc).toHaveBeenCalledWith('record_payment', {
      p_amount: 600,
      p_payment_method: 'paypal',
      p_status: 'pending',
      p_description: 'Need40 $600 gig payment',
      p_metadata: { kind: 'pay' },
    });
  });

  it('sends an empty metadata object by default', async () => {
    rpc.mockResolvedValue({ data: { id: 'p1' }, error: null });
    await recordPayment({ amount: 40, description: 'Give40' });
    expect(rpc.mock.calls[0]![1]).toMatchObject({ p_metadata: {} });
  });

  it('rejects a missing amount with the spec message before any call', async () => {
    await expect(recordPayment({ amount: 0, description: 'x' })).rejects.toThrow(
      'Invalid payment data: amount, paymentMethod, and status are required',
    );
    expect(rpc).not.toHaveBeenCalled();
  });

  it('passes the backend message through', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'amount must be positive' } });
    await expect(recordPayment({ amount: 600, description: 'x' })).rejects.toThrow('amount must be positive');
  });

  it.each([
    ['an error without a message', { data: null, error: { message: '' } }],
    ['no row', { data: null, error: null }],
  ])('"Failed to record payment" for %s', async (_what, answer) => {
    rpc.mockResolvedValue(answer);
    await expect(recordPayment({ amount: 600, description: 'x' })).rejects.toThrow('Failed to record payment');
  });
});
