import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { insertGig } from './insertGig';

const supabase = fakeSupabase();
const form = { title: ' Logo ', description: 'Design', paymentType: 'fixed', rate: '250', hours: '6', location: 'hybrid', skills: 'figma,  branding ,' } as const;

describe('inserting a gig', () => {
  beforeEach(() => supabase.reset());

  it('sends the fields, skills as a trimmed list, user_id and created_at', async () => {
    await insertGig(form, 'user-1');
    expect(supabase.calls).toEqual([
      ['from', 'gigs'],
      ['insert', { title: 'Logo', description: 'Design', payment_type: 'fixed', rate: 250, hours: 6, location: 'hybrid', skills: ['figma', 'branding'], user_id: 'user-1', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
    ]);
  });

  it("throws the backend's error", async () => {
    supabase.answer('gigs', { error: { message: 'denied' } });
    await expect(insertGig(form, 'user-1')).rejects.toEqual({ message: 'denied' });
  });
});
