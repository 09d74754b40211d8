import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { gigRow } from '../../../test/rows';
import { fetchGigs, PAGE_SIZE } from './fetchGigs';
import type { GigReadRow } from './gigsQuery';

const supabase = fakeSupabase();
const row: GigReadRow = { ...gigRow(), profiles: { full_name: 'Ada Lovelace', username: 'ada_cb1a', avatar_url: null, member_ratings: null } };

describe('reading gigs', () => {
  beforeEach(() => {
    supabase.reset();
    supabase.answer('gigs', { data: [row], count: 40 });
  });

  it('reads every open gig plus the poster (display name, username, avatar), newest first, a page at a time, with no filters on page load', async () => {
    const page = await fetchGigs({});
    expect(supabase.calls).toEqual([
      ['from', 'gigs'],
      ['select', '*, worker_cents, fee_cents, estimate_worker_cents, profiles!gigs_user_id_fkey(full_name, username, avatar_url, member_ratings(average_rating, review_count))', { count: 'exact' }],
      ['eq', 'status', 'active'],
      ['order', 'created_at', { ascending: false }],
      ['range', 0, PAGE_SIZE - 1],
    ]);
    expect(page.total).toBe(40);
    expect(page.gigs[0]).toMatchObject({ id: 'g1', paymentType: 'fixed', poster: { name: 'Ada Lovelace', username: 'ada_cb1a', avatarUrl: null } });
  });

  it('sends each filter the spec names, and the next page from an offset', async () => {
    await fetchGigs({ search: '50%_off', paymentType: 'hourly', location: 'hybrid', minRate: 10, maxRate: 90, skills: ['a', 'b'] }, 12);
    expect(supabase.calls.slice(4)).toEqual([
      ['ilike', 'title', '%50\\%\\_off%'],
      ['eq', 'payment_type', 'hourly'],
      ['eq', 'location', 'hybrid'],
      ['gte', 'rate_cents', 1000],
      ['lte', 'rate_cents', 9000],
      ['contains', 'skills', ['a', 'b']],
      ['range', 12, 12 + PAGE_SIZE - 1],
    ]);
  });

  it('compares the rate in whole cents: a bound between two cents keeps exactly the gigs the dollar bound would', async () => {
    await fetchGigs({ minRate: 0.29, maxRate: 10.005 });
    expect(supabase.calls.slice(4, 6)).toEqual([
      ['gte', 'rate_cents', 29],
      ['lte', 'rate_cents', 1000],
    ]);
  });

  it("throws the backend's error", async () => {
    supabase.answer('gigs', { error: { message: 'boom' } });
    await expect(fetchGigs({})).rejects.toEqual({ message: 'boom' });
  });
});
