import type { Tables } from '@need40/shared';

/** A complete row of public.gigs as the database returns it (the generated type); override what the test is about. */
export function gigRow(overrides: Partial<Tables<'gigs'>> = {}): Tables<'gigs'> {
  return {
    id: 'g1', user_id: 'u1', title: 'Logo', description: 'D', payment_type: 'fixed', rate: 250, rate_cents: 25000, hours: 6, location: 'remote', skills: ['figma'],
    worker_rate: null, platform_fee: null, payment_id: null, status: 'active', applicant_count: 0, created_at: '2024-04-08T12:00:00Z',
    hidden_at: null, hidden_cause: null, hidden_reason: null,
    // The split the database computes for rate 250 (computed fields, read by name).
    worker_cents: 23750, fee_cents: 1250, estimate_worker_cents: null,
    ...overrides,
  };
}
