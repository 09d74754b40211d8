import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { insertGig, isDuplicatePost } from './insertGig';

const supabase = fakeSupabase();
const form = { title: ' Logo ', description: 'Design', paymentType: 'fixed', rate: '250', hours: '6', location: 'hybrid', skills: 'figma,  branding ,' } as const;

describe('inserting a gig', () => {
  beforeEach(() => supabase.reset());

  it('sends the fields, skills as a trimmed list, user_id and created_at, under the id the form chose', async () => {
    await insertGig(form, 'user-1', 'gig-1');
    expect(supabase.calls).toEqual([
      ['from', 'gigs'],
      ['insert', { title: 'Logo', description: 'Design', payment_type: 'fixed', rate: 250, hours: 6, location: 'hybrid', skills: ['figma', 'branding'], user_id: 'user-1', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), id: 'gig-1' }],
    ]);
  });

  it("throws the backend's error", async () => {
    supabase.answer('gigs', { error: { message: 'denied' } });
    await expect(insertGig(form, 'user-1', 'gig-1')).rejects.toEqual({ message: 'denied' });
  });

  it('tells the refusal of a second copy (the primary key, 23505) from any other failure', () => {
    expect(isDuplicatePost({ code: '23505', message: 'duplicate key value violates unique constraint "gigs_pkey"' })).toBe(true);
    expect(isDuplicatePost({ code: '23514', message: 'check' })).toBe(false);
    expect(isDuplicatePost(new TypeError('Failed to fetch'))).toBe(false);
  });
});
