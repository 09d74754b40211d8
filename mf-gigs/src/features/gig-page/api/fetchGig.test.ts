import { beforeEach, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { gigRow } from '../../../test/rows';
import { fetchGig } from './fetchGig';

const supabase = fakeSupabase();
const id = '6f1c1c1e-4b7a-4f7e-9d55-2f0a1b2c3d4e';

beforeEach(() => supabase.reset());

it("reads one gig with its poster's display name, avatar and member since", async () => {
  supabase.answer('gigs', {
    data: { ...gigRow({ id, payment_type: 'hourly', rate: 45.5, hours: 10, applicant_count: 2 }),
      profiles: { full_name: 'Ada Lovelace', avatar_url: null, created_at: '2024-01-01T00:00:00Z' } },
  });
  const gig = await fetchGig(id);
  expect(supabase.calls).toEqual([['from', 'gigs'], ['select', '*, worker_cents, fee_cents, estimate_worker_cents, profiles!gigs_user_id_fkey(full_name, avatar_url, created_at)'], ['eq', 'id', id], ['maybeSingle']]);
  expect(gig).toMatchObject({ rate: 45.5, hours: 10, applicantCount: 2, poster: { displayName: 'Ada Lovelace', memberSince: '2024-01-01T00:00:00Z' } });
});

it('is null for no row and for an id that cannot be a gig (not asked for); throws other errors', async () => {
  expect(await fetchGig(id)).toBeNull();
  supabase.reset();
  expect(await fetchGig('not-a-uuid')).toBeNull();
  expect(supabase.calls).toEqual([]);
  supabase.answer('gigs', { error: { code: '08P01', message: 'boom' } });
  await expect(fetchGig(id)).rejects.toEqual({ code: '08P01', message: 'boom' });
});

it('names a poster without a full name as the card does, never by a handle', async () => {
  supabase.answer('gigs', { data: { ...gigRow({ id }), profiles: { full_name: '  ', avatar_url: null, created_at: '2024-01-01T00:00:00Z' } } });
  expect((await fetchGig(id))?.poster.displayName).toBe('A Need40 member');
});
