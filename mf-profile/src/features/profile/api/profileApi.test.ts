import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase, type FakeAnswer } from '@need40/shared/testing';
import { aProfile } from '../../../test/profiles';
import { getProfile } from './getProfile';
import type { ProfileRow } from './queries';
import { OWN_PROFILE_COLUMNS } from './queries';
import { updateProfile } from './updateProfile';

const supabase = fakeSupabase();
const calls = supabase.calls;
const profileAnswer = (answer: FakeAnswer) => supabase.answer('profiles', answer);
const contactAnswer = (answer: FakeAnswer) => supabase.answer('rpc:contact_details', answer);

const row: ProfileRow = {
  id: 'user-1',
  username: 'ada',
  avatar_url: null,
  full_name: 'Ada Lovelace',
  title: 'Analyst',
  bio: null,
  skills: ['Mathematics'],
  hourly_rate: 45,
  hours_per_week: 20,
  preferred_hours: [],
  timezone: null,
  available_for_work: false,
  experience: [],
  portfolio: [],
  contact_email: null,
  contact_phone: null,
  linkedin_url: null,
  github_url: null,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-01T10:00:00Z',
};

describe('profile api', () => {
  beforeEach(() => {
    supabase.reset();
    contactAnswer({ data: [] });
  });

  it('reads one profile by id with its public columns and its contact details through contact_details()', async () => {
    const { contact_email: _e, contact_phone: _p, ...publicRow } = row;
    profileAnswer({ data: publicRow, error: null });
    contactAnswer({ data: [{ user_id: 'user-1', email: 'ada@example.com', phone: null }], error: null });
    const profile = await getProfile('user-1');
    expect(calls).toEqual([
      ['from', 'profiles'],
      ['select', OWN_PROFILE_COLUMNS],
      ['eq', 'id', 'user-1'],
      ['single'],
      ['rpc', 'contact_details', { p_user_id: 'user-1' }],
    ]);
    expect(OWN_PROFILE_COLUMNS).not.toMatch(/contact|\*/);
    expect(profile.fullName).toBe('Ada Lovelace');
    expect(profile.hourlyRate).toBe(45);
    expect(profile.contactInfo).toMatchObject({ email: 'ada@example.com', phone: '' });
  });

  it('shows empty contact fields when contact_details() gives no row, and fails the load when it fails', async () => {
    profileAnswer({ data: row, error: null });
    contactAnswer({ data: [], error: null });
    expect((await getProfile('user-1')).contactInfo).toMatchObject({ email: '', phone: '' });
    contactAnswer({ data: null, error: { message: 'permission denied for function contact_details', code: '42501' } });
    await expect(getProfile('user-1')).rejects.toThrow('permission denied for function contact_details');
    contactAnswer({ data: [], error: null });
  });

  it('updates only the columns that changed and reads back the public columns', async () => {
    profileAnswer({ data: { ...row, title: 'Poet' }, error: null });
    const before = aProfile();
    const after = { ...before, title: 'Poet', contactInfo: { ...before.contactInfo, phone: '+44 1' } };
    const saved = await updateProfile('user-1', before, after);
    expect(calls).toEqual([
      ['from', 'profiles'],
      ['update', { title: 'Poet', contact_phone: '+44 1' }],
      ['eq', 'id', 'user-1'],
      ['select', OWN_PROFILE_COLUMNS],
      ['single'],
    ]);
    expect(saved.title).toBe('Poet');
    // The contact columns are not readable back: the values written stand in for them.
    expect(saved.contactInfo).toMatchObject({ email: before.contactInfo.email, phone: '+44 1' });
  });

  it('sends nothing when nothing changed and keeps the profile as it was', async () => {
    const before = aProfile();
    await expect(updateProfile('user-1', before, { ...before })).resolves.toBe(before);
    expect(calls).toEqual([]);
  });

  it.each([
    ['load', () => getProfile('user-1'), 'Failed to load profile', 'No profile found for this account.'],
    ['save', () => updateProfile('user-1', aProfile(), { ...aProfile(), title: 'Changed' }), 'Failed to save profile', 'Your profile could not be saved: it was not found or you may not edit it.'],
  ])('%s failures: backend message, default, and no row', async (_what, call, fallback, notFound) => {
    profileAnswer({ data: null, error: { message: 'permission denied', code: '42501' } });
    await expect(call()).rejects.toThrow('permission denied');
    profileAnswer({ data: null, error: { message: '' } });
    await expect(call()).rejects.toThrow(fallback);
    profileAnswer({ data: null, error: { message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' } });
    await expect(call()).rejects.toThrow(notFound);
  });

  it.each([
    ['load', () => getProfile('user-1')],
    ['save', () => updateProfile('user-1', aProfile(), { ...aProfile(), title: 'Changed' })],
  ])('%s: a request that never reached the backend says so in plain words, not "TypeError: Failed to fetch"', async (_what, call) => {
    profileAnswer({ data: null, error: { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n at …', hint: '', code: '' }, status: 0 });
    await expect(call()).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
  });
});
