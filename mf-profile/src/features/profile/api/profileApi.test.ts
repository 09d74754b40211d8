import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ProfileRow } from '@need40/shared';
import { profileToRow } from '../lib/mapping';
import { aProfile } from '../../../test/profiles';
import { getProfile } from './getProfile';
import { updateProfile } from './updateProfile';

/** A recording stand-in for the query builder: every call is logged, `single()` answers. */
const calls: [string, unknown[]][] = [];
let answer: { data: unknown; error: unknown; status?: number } = { data: null, error: null };
const builder: Record<string, (...args: unknown[]) => unknown> = {};
for (const name of ['from', 'select', 'eq', 'update']) {
  builder[name] = (...args: unknown[]) => {
    calls.push([name, args]);
    return builder;
  };
}
builder.single = async () => answer;

vi.mock('@need40/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@need40/shared')>()),
  getSupabase: () => builder,
}));

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
  experience: [],
  portfolio: [],
  contact_email: null,
  contact_phone: null,
  linkedin_url: null,
  github_url: null,
};

describe('profile api', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('reads one profile by id with all fields and maps it', async () => {
    answer = { data: row, error: null };
    const profile = await getProfile('user-1');
    expect(calls).toEqual([
      ['from', ['profiles']],
      ['select', ['*']],
      ['eq', ['id', 'user-1']],
    ]);
    expect(profile.fullName).toBe('Ada Lovelace');
    expect(profile.hourlyRate).toBe(45);
  });

  it('updates the profile by id with the whole profile object and returns what was stored', async () => {
    answer = { data: row, error: null };
    const p = aProfile();
    await expect(updateProfile('user-1', p)).resolves.toMatchObject({ fullName: 'Ada Lovelace' });
    expect(calls).toEqual([
      ['from', ['profiles']],
      ['update', [profileToRow(p)]],
      ['eq', ['id', 'user-1']],
      ['select', []],
    ]);
  });

  it.each([
    ['load', () => getProfile('user-1'), 'Failed to load profile', 'No profile found for this account.'],
    ['save', () => updateProfile('user-1', aProfile()), 'Failed to save profile', 'Your profile could not be saved: it was not found or you may not edit it.'],
  ])('%s failures: backend message, default, and no row', async (_what, call, fallback, notFound) => {
    answer = { data: null, error: { message: 'permission denied', code: '42501' } };
    await expect(call()).rejects.toThrow('permission denied');
    answer = { data: null, error: { message: '' } };
    await expect(call()).rejects.toThrow(fallback);
    answer = { data: null, error: { message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' } };
    await expect(call()).rejects.toThrow(notFound);
  });

  it.each([
    ['load', () => getProfile('user-1')],
    ['save', () => updateProfile('user-1', aProfile())],
  ])('%s: a request that never reached the backend says so in plain words, not "TypeError: Failed to fetch"', async (_what, call) => {
    answer = { data: null, error: { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n at …', hint: '', code: '' }, status: 0 };
    await expect(call()).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
  });
});
