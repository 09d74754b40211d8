import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@need40/shared';
import { validateGigPayment, validatePaymentData } from './validation';

describe('payment validation', () => {
  it('needs amount, paymentMethod and status', () => {
    expect(validatePaymentData({ amount: 600, paymentMethod: 'paypal', status: 'pending' })).toBeNull();
    expect(validatePaymentData({ amount: 600, paymentMethod: 'paypal' })).toBe(MESSAGES.invalidPaymentData);
    expect(validatePaymentData({ paymentMethod: 'paypal', status: 'pending' })).toBe(MESSAGES.invalidPaymentData);
  });
  it('needs a user id, then a title and description, for the $600 gig path', () => {
    expect(validateGigPayment({ title: 't', description: 'd' })).toBe('User ID is required');
    expect(validateGigPayment({ userId: 'u', title: ' ', description: 'd' })).toBe('Gig title and description are required');
    expect(validateGigPayment({ userId: 'u', title: 't', description: 'd' })).toBeNull();
  });
});
