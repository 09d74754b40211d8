import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('business constants', () => {
  it('splits a $600 gig 95/5: $570 to the worker, $30 to the platform', () => {
    expect(c.GIG_PRICE).toBe(600);
    expect(c.WORKER_EARNINGS).toBe(570);
    expect(c.PLATFORM_FEE).toBe(30);
    expect(c.WORKER_EARNINGS + c.PLATFORM_FEE).toBe(c.GIG_PRICE);
    expect((c.GIG_PRICE * c.WORKER_SHARE_PERCENT) / 100).toBe(c.WORKER_EARNINGS);
    expect((c.GIG_PRICE * c.PLATFORM_FEE_PERCENT) / 100).toBe(c.PLATFORM_FEE);
  });

  it('states the campaign goal and launch', () => {
    expect(c.DONATION_DEFAULT).toBe(40);
    expect(c.GOAL_GIGS_PER_WEEK).toBe(10);
    expect(c.GOAL_JOBS_PER_YEAR).toBe(c.GOAL_GIGS_PER_WEEK * 52);
    expect(c.LAUNCH_DATE).toBe('2024-04-08');
  });

  it('keeps the spec strings word for word', () => {
    expect(c.MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(c.MESSAGES.invalidPaymentData).toBe('Invalid payment data: amount, paymentMethod, and status are required');
    expect(c.MESSAGES.connectionOk).toBe('Connection successful! Database is ready.');
  });
});
