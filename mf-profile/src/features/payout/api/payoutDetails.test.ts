import { beforeEach, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { getPaypalAddress, paypalProblem, savePaypalAddress } from './payoutDetails';

const supabase = fakeSupabase();
beforeEach(() => supabase.reset());

it('reads the member\'s own address, empty when they have no row yet', async () => {
  supabase.answer('payout_details', { data: { paypal_email: 'walter@example.com' } }, { data: null });
  await expect(getPaypalAddress('u1')).resolves.toBe('walter@example.com');
  expect(supabase.calls).toEqual([['from', 'payout_details'], ['select', 'paypal_email'], ['eq', 'user_id', 'u1'], ['maybeSingle']]);
  await expect(getPaypalAddress('u1')).resolves.toBe('');
});

it('saves by updating the row, or inserting it the first time; an empty address clears it', async () => {
  supabase.answer('payout_details', { data: [] }, { data: { paypal_email: 'walter@example.com' } }, { data: [{ paypal_email: null }] });
  await expect(savePaypalAddress('u1', ' walter@example.com ')).resolves.toBe('walter@example.com');
  expect(supabase.calls).toContainEqual(['update', { paypal_email: 'walter@example.com' }]);
  expect(supabase.calls).toContainEqual(['insert', { user_id: 'u1', paypal_email: 'walter@example.com' }]);
  await expect(savePaypalAddress('u1', '')).resolves.toBe('');
  expect(supabase.calls).toContainEqual(['update', { paypal_email: null }]);
});

it('says what is wrong before the database does, and in words when it refuses', async () => {
  expect(paypalProblem('')).toBeNull();
  expect(paypalProblem('walter@example.com')).toBeNull();
  expect(paypalProblem('walter')).toBe('Enter the email address of your PayPal account, like name@example.com.');
  expect(paypalProblem(`${'a'.repeat(250)}@example.com`)).toBe('Use at most 254 characters.');
  supabase.answer('payout_details', { error: { code: '23514', message: 'new row violates check constraint' } });
  await expect(savePaypalAddress('u1', 'x@y.z')).rejects.toThrow('Enter the email address of your PayPal account, like name@example.com.');
  supabase.answer('payout_details', { error: { message: 'TypeError: Failed to fetch' }, status: 0 });
  await expect(getPaypalAddress('u1')).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
});
