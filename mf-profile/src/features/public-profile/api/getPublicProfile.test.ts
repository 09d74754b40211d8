import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPublicProfile, MemberNotFoundError } from './getPublicProfile';

/** A recording stand-in for supabase-js: each query logs its calls and answers from `answers`. */
type Answer = { data: unknown; error: unknown; status: number };
const calls: string[][] = [];
const answers: Record<string, Answer> = {};
function query(table: string) {
  const log = [table];
  calls.push(log);
  const builder: Record<string, unknown> = {};
  for (const name of ['select', 'eq', 'order', 'limit']) {
    builder[name] = (...args: unknown[]) => {
      log.push(`${name}(${JSON.stringify(args)})`);
      return builder;
    };
  }
  builder.maybeSingle = () => builder;
  builder.then = (resolve: (a: Answer) => unknown) => resolve(answers[table]!);
  return builder;
}
const client = {
  from: query,
  rpc: (fn: string, args: unknown) => {
    calls.push([`rpc ${fn}`, JSON.stringify(args)]);
    return Promise.resolve(answers[`rpc ${fn}`]);
  },
};
vi.mock('@need40/shared', async (importOriginal) => ({ ...(await importOriginal<typeof import('@need40/shared')>()), getSupabase: () => client }));

const ID = '2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11';
const row = {
  id: ID, full_name: '  ', username: 'grace', avatar_url: null, title: null, bio: null, skills: null, hourly_rate: '25.50',
  experience: null, portfolio: null, linkedin_url: null, github_url: null, created_at: '2024-03-05T10:00:00Z',
  member_ratings: [{ average_rating: '4.50', review_count: 2 }],
  reviews: [{ id: 'r1', rating: 5, body: null, created_at: '2024-04-01T10:00:00Z', reviewer: null }],
};
const ok = (data: unknown): Answer => ({ data, error: null, status: 200 });

describe('getPublicProfile', () => {
  beforeEach(() => {
    calls.length = 0;
    answers.profiles = ok(row);
    answers.gigs = ok([{ id: 'g1', title: 'Workshop', payment_type: 'fixed', rate: '600.00', created_at: '2024-04-02T10:00:00Z' }]);
    answers['rpc contact_details'] = ok([{ user_id: ID, email: 'grace@example.com', phone: null }]);
  });

  it('reads public columns only, open gigs of the member, and no contact details when signed out', async () => {
    const p = await getPublicProfile(ID, false);
    const [profile, gigs] = calls;
    expect(profile![0]).toBe('profiles');
    expect(profile![1]).not.toMatch(/contact_|\*/);
    expect(profile).toContain(`eq(["id","${ID}"])`);
    // One row more than a page: it says whether "Show more" has anything to show.
    expect(profile).toContain('limit([21,{"referencedTable":"reviews"}])');
    expect(gigs).toEqual(['gigs', 'select(["id, title, payment_type, rate, created_at"])', 'eq(["user_id","' + ID + '"])', 'eq(["status","active"])', 'order(["created_at",{"ascending":false}])', 'order(["id"])', 'limit([21])']);
    expect(calls).toHaveLength(2);
    expect(p).toMatchObject({ name: 'grace', hourlyRate: 25.5, rating: { average: 4.5, count: 2 }, contact: null, openGigs: [{ id: 'g1', rate: 600 }] });
    expect(p.reviews).toEqual([{ id: 'r1', rating: 5, body: '', createdAt: '2024-04-01T10:00:00Z', reviewerName: 'Need40 member' }]);
    expect([p.moreReviews, p.moreOpenGigs]).toEqual([false, false]);
  });

  it('reads the rating as PostgREST renders a one-to-one embed: an object, or null', async () => {
    answers.profiles = ok({ ...row, member_ratings: { average_rating: '3.25', review_count: 4 } });
    expect((await getPublicProfile(ID, false)).rating).toEqual({ average: 3.25, count: 4 });
    answers.profiles = ok({ ...row, member_ratings: null });
    expect((await getPublicProfile(ID, false)).rating).toBeNull();
  });

  it('asks contact_details() for a signed-in viewer and shows only what it returns', async () => {
    expect((await getPublicProfile(ID, true)).contact).toEqual({ email: 'grace@example.com', phone: '' });
    expect(calls[2]).toEqual(['rpc contact_details', JSON.stringify({ p_user_id: ID })]);
    answers['rpc contact_details'] = ok([]);
    expect((await getPublicProfile(ID, true)).contact).toBeNull();
    answers['rpc contact_details'] = { data: null, error: { message: 'permission denied' }, status: 401 };
    expect((await getPublicProfile(ID, true)).contact).toBeNull();
  });

  it('an id that is not a member id, or no row, is "not found" (no request for a malformed id)', async () => {
    await expect(getPublicProfile('not-a-uuid', false)).rejects.toBeInstanceOf(MemberNotFoundError);
    expect(calls).toHaveLength(0);
    answers.profiles = ok(null);
    await expect(getPublicProfile(ID, false)).rejects.toThrow('This member could not be found.');
  });

  it('a network failure gets the plain sentence; other failures keep their message or a fallback', async () => {
    answers.profiles = { data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };
    await expect(getPublicProfile(ID, false)).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
    answers.profiles = ok(row);
    answers.gigs = { data: null, error: { message: 'statement timeout', code: '57014' }, status: 500 };
    await expect(getPublicProfile(ID, false)).rejects.toThrow('statement timeout');
    answers.gigs = { data: null, error: { message: '' }, status: 500 };
    await expect(getPublicProfile(ID, false)).rejects.toThrow('This profile could not be loaded.');
  });
});
