import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase, type FakeAnswer } from '@need40/shared/testing';
import { getPublicProfile, MemberNotFoundError } from './getPublicProfile';

const supabase = fakeSupabase();
const calls = supabase.calls;
const answers = {
  set profiles(answer: FakeAnswer) { supabase.answer('profiles', answer); },
  set gigs(answer: FakeAnswer) { supabase.answer('gigs', answer); },
  set contact(answer: FakeAnswer) { supabase.answer('rpc:contact_details', answer); },
  set completed(answer: FakeAnswer) { supabase.answer('rpc:completed_gigs_of', answer); },
};
/** The calls of the query that starts with `from`/`rpc` `name`. */
const queryOf = (name: string) => {
  const start = calls.findIndex((c) => (c[0] === 'from' || c[0] === 'rpc') && c[1] === name);
  const end = calls.findIndex((c, i) => i > start && (c[0] === 'from' || c[0] === 'rpc'));
  return start === -1 ? [] : calls.slice(start, end === -1 ? undefined : end);
};
type Answer = FakeAnswer;

const ID = '2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11';
const row = {
  id: ID, full_name: '  ', username: 'grace', avatar_url: null, title: null, bio: null, skills: null, hourly_rate: '25.50',
  experience: null, portfolio: null, linkedin_url: null, github_url: null, created_at: '2024-03-05T10:00:00Z',
  member_ratings: { average_rating: 4.5, review_count: 2 },
  completed_gigs: 3, available_for_work: true,
  reviews: [{ id: 'r1', rating: 5, body: null, created_at: '2024-04-01T10:00:00Z', reviewer: null, gig: { id: 'g9', title: 'Logo design' } }],
};
const ok = (data: unknown): Answer => ({ data, error: null, status: 200 });

describe('getPublicProfile', () => {
  beforeEach(() => {
    supabase.reset();
    answers.profiles = ok(row);
    answers.gigs = ok([{ id: 'g1', title: 'Workshop', payment_type: 'fixed', rate: 600, created_at: '2024-04-02T10:00:00Z' }]);
    answers.contact = ok([{ user_id: ID, email: 'grace@example.com', phone: null }]);
    answers.completed = ok(3);
  });

  it('reads public columns only, open gigs of the member, and no contact details when signed out', async () => {
    const p = await getPublicProfile(ID, false);
    const profile = queryOf('profiles');
    expect(profile[1]?.[0]).toBe('select');
    expect(profile[1]?.[1]).not.toMatch(/contact_|\*/);
    expect(profile).toContainEqual(['eq', 'id', ID]);
    // One row more than a page: it says whether "Show more" has anything to show.
    expect(profile).toContainEqual(['limit', 21, { referencedTable: 'reviews' }]);
    expect(queryOf('gigs')).toEqual([
      ['from', 'gigs'], ['select', 'id, title, payment_type, rate, created_at'], ['eq', 'user_id', ID], ['eq', 'status', 'active'],
      ['order', 'created_at', { ascending: false }], ['order', 'id'], ['limit', 21],
    ]);
    expect(queryOf('contact_details')).toEqual([]);
    expect(p).toMatchObject({ name: 'A Need40 member', hourlyRate: 25.5, rating: { average: 4.5, count: 2 }, completedGigs: 3, availableForWork: true, contact: null, openGigs: [{ id: 'g1', rate: 600 }] });
    expect(profile[1]?.[1]).toMatch(/gig:gigs!reviews_gig_id_fkey\(id, title\)/);
    expect(queryOf('completed_gigs_of')).toEqual([['rpc', 'completed_gigs_of', { p_user_id: ID }]]);
    expect(p.reviews).toEqual([{ id: 'r1', rating: 5, body: '', createdAt: '2024-04-01T10:00:00Z', reviewerName: 'A Need40 member', gig: { id: 'g9', title: 'Logo design' } }]);
    expect([p.moreReviews, p.moreOpenGigs]).toEqual([false, false]);
  });

  it('reads the rating as PostgREST renders a one-to-one embed: an object, or null', async () => {
    answers.profiles = ok({ ...row, member_ratings: { average_rating: 3.25, review_count: 4 } });
    expect((await getPublicProfile(ID, false)).rating).toEqual({ average: 3.25, count: 4 });
    answers.profiles = ok({ ...row, member_ratings: null });
    expect((await getPublicProfile(ID, false)).rating).toBeNull();
  });

  it('asks contact_details() for a signed-in viewer and shows only what it returns', async () => {
    expect((await getPublicProfile(ID, true)).contact).toEqual({ email: 'grace@example.com', phone: '' });
    expect(queryOf('contact_details')).toEqual([['rpc', 'contact_details', { p_user_id: ID }]]);
    answers.contact = ok([]);
    expect((await getPublicProfile(ID, true)).contact).toBeNull();
    answers.contact = { data: null, error: { message: 'permission denied' }, status: 401 };
    expect((await getPublicProfile(ID, true)).contact).toBeNull();
  });

  it('an id that is not a member id, or no row, is "not found" (no request for a malformed id)', async () => {
    await expect(getPublicProfile('not-a-uuid', false)).rejects.toBeInstanceOf(MemberNotFoundError);
    expect(calls).toHaveLength(0);
    answers.profiles = ok(null);
    await expect(getPublicProfile(ID, false)).rejects.toThrow('This member could not be found.');
  });

  it('a network failure gets the plain sentence; any other failure the fallback, never the server text', async () => {
    answers.profiles = { data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };
    await expect(getPublicProfile(ID, false)).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
    answers.profiles = ok(row);
    answers.gigs = { data: null, error: { message: 'statement timeout', code: '57014' }, status: 500 };
    await expect(getPublicProfile(ID, false)).rejects.toThrow('This profile could not be loaded.');
    answers.gigs = { data: null, error: { message: '' }, status: 500 };
    await expect(getPublicProfile(ID, false)).rejects.toThrow('This profile could not be loaded.');
  });
});
