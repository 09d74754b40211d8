import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase, type FakeAnswer } from '@need40/shared/testing';
import { getEmailPreferences, saveEmailPreferences } from './emailPreference';

const supabase = fakeSupabase();
const calls = supabase.calls;
const answer = (given: FakeAnswer) => supabase.answer('notification_preferences', given);
const ON = { enabled: true, off: [] };

describe('email preference api', () => {
  beforeEach(() => supabase.reset());

  it('reads and writes the member\'s own row', async () => {
    answer({ data: { email_enabled: false, email_off: ['new_message'] }, error: null, status: 200 });
    await expect(getEmailPreferences('user-1')).resolves.toEqual({ enabled: false, off: ['new_message'] });
    expect(calls).toEqual([['from', 'notification_preferences'], ['select', 'email_enabled, email_off'], ['eq', 'user_id', 'user-1'], ['single']]);
    calls.length = 0;
    await expect(saveEmailPreferences('user-1', { enabled: false, off: ['new_message'] })).resolves.toEqual({ enabled: false, off: ['new_message'] });
    expect(calls).toEqual([
      ['from', 'notification_preferences'],
      ['update', { email_enabled: false, email_off: ['new_message'] }],
      ['eq', 'user_id', 'user-1'],
      ['select', 'email_enabled, email_off'],
      ['single'],
    ]);
  });

  it('failures: network sentence, backend message, plain fallback when no row', async () => {
    answer({ data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 });
    await expect(getEmailPreferences('user-1')).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
    answer({ data: null, error: { message: 'permission denied for table notification_preferences', code: '42501' }, status: 401 });
    await expect(saveEmailPreferences('user-1', ON)).rejects.toThrow('permission denied for table notification_preferences');
    answer({ data: null, error: { message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' }, status: 406 });
    await expect(getEmailPreferences('user-1')).rejects.toThrow('Your email settings could not be loaded.');
    await expect(saveEmailPreferences('user-1', ON)).rejects.toThrow('Your email setting could not be saved.');
  });
});
