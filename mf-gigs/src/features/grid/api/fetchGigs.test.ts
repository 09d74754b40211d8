import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GigReadRow } from '../types';

/** A chainable stand-in for the query builder that records each call and resolves to `result`. */
const calls: [string, ...unknown[]][] = [];
let result: { data: unknown; error: unknown; count: number | null } = { data: [], error: null, count: 0 };
const builder: Record<string, unknown> = {};
for (const method of ['from', 'select', 'order', 'ilike', 'eq', 'gte', 'lte', 'contains', 'range']) {
  builder[method] = (...args: unknown[]) => {
    calls.push([method, ...args]);
    return builder;
  };
}
builder.then = (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => Promise.resolve(result).then(resolve, reject);

vi.mock('@need40/shared', async (original) => ({ ...(await original<object>()), getSupabase: () => builder }));

const { fetchGigs, PAGE_SIZE } = await import('./fetchGigs');

const row: GigReadRow = {
  id: 'g1', user_id: 'u1', title: 'Logo', description: 'D', payment_type: 'fixed', rate: 250, hours: 6, location: 'remote',
  skills: ['figma'], worker_rate: null, platform_fee: null, payment_id: null, status: 'active', created_at: '2024-04-08T12:00:00Z',
  profiles: { full_name: 'Ada Lovelace', username: 'ada_cb1a', avatar_url: null },
};

describe('reading gigs', () => {
  beforeEach(() => {
    calls.length = 0;
    result = { data: [row], error: null, count: 40 };
  });

  it('reads every open gig plus the poster (display name, username, avatar), newest first, a page at a time, with no filters on page load', async () => {
    const page = await fetchGigs({});
    expect(calls).toEqual([
      ['from', 'gigs'],
      ['select', '*, profiles!gigs_user_id_fkey(full_name, username, avatar_url, member_ratings(average_rating, review_count))', { count: 'exact' }],
      ['eq', 'status', 'active'],
      ['order', 'created_at', { ascending: false }],
      ['range', 0, PAGE_SIZE - 1],
    ]);
    expect(page.total).toBe(40);
    expect(page.gigs[0]).toMatchObject({ id: 'g1', paymentType: 'fixed', poster: { name: 'Ada Lovelace', username: 'ada_cb1a', avatarUrl: null } });
  });

  it('sends each filter the spec names, and the next page from an offset', async () => {
    await fetchGigs({ search: '50%_off', paymentType: 'hourly', location: 'hybrid', minRate: 10, maxRate: 90, skills: ['a', 'b'] }, 12);
    expect(calls.slice(4)).toEqual([
      ['ilike', 'title', '%50\\%\\_off%'],
      ['eq', 'payment_type', 'hourly'],
      ['eq', 'location', 'hybrid'],
      ['gte', 'rate', 10],
      ['lte', 'rate', 90],
      ['contains', 'skills', ['a', 'b']],
      ['range', 12, 12 + PAGE_SIZE - 1],
    ]);
  });

  it("throws the backend's error", async () => {
    result = { data: null, error: { message: 'boom' }, count: null };
    await expect(fetchGigs({})).rejects.toEqual({ message: 'boom' });
  });
});
