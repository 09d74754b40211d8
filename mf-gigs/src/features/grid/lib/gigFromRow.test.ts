import { describe, expect, it } from 'vitest';
import type { GigReadRow } from '../types';
import { gigFromRow } from './gigFromRow';

describe('gig mapping', () => {
  it('keeps a row without a joined profile as an unknown poster', () => {
    const row = { id: 'g2', user_id: 'u1', title: 'T', description: 'D', payment_type: 'fixed', rate: '25.50', hours: null, location: null,
      skills: null, worker_rate: null, platform_fee: null, payment_id: null, status: 'active', created_at: '2024-04-08T00:00:00Z', profiles: null,
    } as unknown as GigReadRow;
    expect(gigFromRow(row)).toMatchObject({ rate: 25.5, hours: null, skills: [], poster: null });
  });

  it("maps the poster's average rating (none before the first review)", () => {
    const base = { id: 'g3', user_id: 'u1', title: 'T', description: 'D', payment_type: 'fixed', rate: 600, hours: null, location: null, skills: null, status: 'active', created_at: '2024-04-08T00:00:00Z' };
    const rated = { ...base, profiles: { full_name: 'Ada', username: 'ada', avatar_url: null, member_ratings: [{ average_rating: '4.50', review_count: 2 }] } } as unknown as GigReadRow;
    const unrated = { ...base, profiles: { full_name: 'Ada', username: 'ada', avatar_url: null, member_ratings: [] } } as unknown as GigReadRow;
    expect(gigFromRow(rated).poster?.rating).toEqual({ average: 4.5, count: 2 });
    expect(gigFromRow(unrated).poster?.rating).toBeNull();
  });

  it('maps a row with its joined profile to a card', () => {
    const row: GigReadRow = {
      id: 'g1', user_id: 'u1', title: 'T', description: 'D', payment_type: 'hourly', rate: 45, hours: 10,
      location: 'remote', skills: ['a'], worker_rate: null, platform_fee: null, payment_id: null, status: 'active',
      created_at: '2024-04-08T00:00:00Z', profiles: { full_name: 'Ada Lovelace', username: 'ada_cb1a', avatar_url: null },
    };
    expect(gigFromRow(row)).toMatchObject({ paymentType: 'hourly', rate: 45, poster: { name: 'Ada Lovelace', username: 'ada_cb1a', avatarUrl: null }, postedDate: row.created_at });
  });
});
