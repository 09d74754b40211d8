import { beforeEach, expect, it, vi } from 'vitest';

const calls: unknown[][] = [];
let answer: { data: unknown; error: unknown } = { data: null, error: null };
const builder: Record<string, unknown> = {};
for (const method of ['from', 'select', 'eq', 'maybeSingle']) {
  builder[method] = (...args: unknown[]) => {
    calls.push([method, ...args]);
    return builder;
  };
}
builder.then = (resolve: (v: unknown) => unknown) => Promise.resolve(answer).then(resolve);
vi.mock('@need40/shared', async (original) => ({ ...(await original<object>()), getSupabase: () => builder }));

const { fetchGig, displayNameOf } = await import('./fetchGig');
const id = '6f1c1c1e-4b7a-4f7e-9d55-2f0a1b2c3d4e';

beforeEach(() => {
  calls.length = 0;
});

it("reads one gig with its poster's display name, avatar and member since", async () => {
  answer = {
    data: { id, user_id: 'u1', title: 'T', description: 'D', payment_type: 'hourly', rate: '45.50', hours: '10', location: 'remote', skills: ['css'], status: 'active', applicant_count: 2, created_at: '2024-04-08T00:00:00Z',
      profiles: { full_name: 'Ada Lovelace', username: 'ada_x1', avatar_url: null, created_at: '2024-01-01T00:00:00Z' } },
    error: null,
  };
  const gig = await fetchGig(id);
  expect(calls).toEqual([['from', 'gigs'], ['select', '*, profiles!gigs_user_id_fkey(full_name, username, avatar_url, created_at)'], ['eq', 'id', id], ['maybeSingle']]);
  expect(gig).toMatchObject({ rate: 45.5, hours: 10, applicantCount: 2, poster: { displayName: 'Ada Lovelace', memberSince: '2024-01-01T00:00:00Z' } });
});

it('is null for no row and for an id that cannot be a gig (not asked for); throws other errors', async () => {
  answer = { data: null, error: null };
  expect(await fetchGig(id)).toBeNull();
  calls.length = 0;
  expect(await fetchGig('not-a-uuid')).toBeNull();
  expect(calls).toEqual([]);
  answer = { data: null, error: { code: '08P01', message: 'boom' } };
  await expect(fetchGig(id)).rejects.toEqual({ code: '08P01', message: 'boom' });
});

it('names a member by full name, else username, else "A Need40 member"', () => {
  expect(displayNameOf({ full_name: ' Ada ', username: 'ada_1' })).toBe('Ada');
  expect(displayNameOf({ full_name: '', username: 'ada_1' })).toBe('ada_1');
  expect(displayNameOf(null)).toBe('A Need40 member');
});
