import { describe, expect, it } from 'vitest';
import { gigRow } from '../../../test/rows';
import type { GigReadRow } from '../api/gigsQuery';
import { gigFromRow } from './gigFromRow';

describe('gig mapping', () => {
  it('keeps a row without a joined profile as an unknown poster', () => {
    // rate as text and skills missing: what an older server or a proxy might send.
    const row = { ...gigRow({ hours: null, location: null }), rate: '25.50', skills: null, profiles: null } as unknown as GigReadRow;
    expect(gigFromRow(row)).toMatchObject({ rate: 25.5, hours: null, skills: [], poster: null });
  });

  it("maps the poster's average rating (none before the first review)", () => {
    const base = gigRow({ rate: 600 });
    const rated: GigReadRow = { ...base, profiles: { full_name: 'Ada', username: 'ada', avatar_url: null, member_ratings: { average_rating: 4.5, review_count: 2 } } };
    // An array of at most one row: what servers before PostgREST 10 sent for a one-to-one embed.
    const unrated = { ...base, profiles: { full_name: 'Ada', username: 'ada', avatar_url: null, member_ratings: [] } } as unknown as GigReadRow;
    expect(gigFromRow(rated).poster?.rating).toEqual({ average: 4.5, count: 2 });
    expect(gigFromRow(unrated).poster?.rating).toBeNull();
  });

  it('maps a row with its joined profile to a card', () => {
    const row: GigReadRow = { ...gigRow({ payment_type: 'hourly', rate: 45, hours: 10 }), profiles: { full_name: 'Ada Lovelace', username: 'ada_cb1a', avatar_url: null, member_ratings: null } };
    expect(gigFromRow(row)).toMatchObject({ paymentType: 'hourly', rate: 45, poster: { name: 'Ada Lovelace', username: 'ada_cb1a', avatarUrl: null }, postedDate: row.created_at });
  });
});
