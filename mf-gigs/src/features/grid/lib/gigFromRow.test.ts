import { describe, expect, it } from 'vitest';
import type { GigRow } from '@need40/shared';
import { gigFromRow } from './gigFromRow';

describe('gig mapping', () => {
  it('maps a row with its joined profile to a card', () => {
    const row: GigRow = {
      id: 'g1', user_id: 'u1', title: 'T', description: 'D', payment_type: 'hourly', rate: 45, hours: 10,
      location: 'remote', skills: ['a'], worker_rate: null, platform_fee: null, payment_id: null, status: 'active',
      created_at: '2024-04-08T00:00:00Z', profiles: { username: 'ada', avatar_url: null },
    };
    expect(gigFromRow(row)).toMatchObject({ paymentType: 'hourly', rate: 45, poster: { username: 'ada', avatarUrl: null }, postedDate: row.created_at });
  });
});
