import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getEmailEnabled, setEmailEnabled } from './emailPreference';
import { recordingBuilder } from '../../../test/recorder';

const rec = recordingBuilder({ data: null, error: null, status: 200 });
const { calls, builder } = rec;
vi.mock('@need40/shared', async (importOriginal) => ({ ...(await importOriginal<typeof import('@need40/shared')>()), getSupabase: () => builder }));

describe('email preference api', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('reads and writes the member\'s own row', async () => {
    rec.answer = { data: { email_enabled: false }, error: null, status: 200 };
    await expect(getEmailEnabled('user-1')).resolves.toBe(false);
    expect(calls).toEqual([['from', ['notification_preferences']], ['select', ['email_enabled']], ['eq', ['user_id', 'user-1']]]);
    calls.length = 0;
    await expect(setEmailEnabled('user-1', false)).resolves.toBe(false);
    expect(calls).toEqual([
      ['from', ['notification_preferences']],
      ['update', [{ email_enabled: false }]],
      ['eq', ['user_id', 'user-1']],
      ['select', ['email_enabled']],
    ]);
  });

  it('failures: network sentence, backend message, plain fallback when no row', async () => {
    rec.answer = { data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };
    await expect(getEmailEnabled('user-1')).rejects.toThrow("Can't reach Need40 right now — check your connection and try again.");
    rec.answer = { data: null, error: { message: 'permission denied for table notification_preferences', code: '42501' }, status: 401 };
    await expect(setEmailEnabled('user-1', true)).rejects.toThrow('permission denied for table notification_preferences');
    rec.answer = { data: null, error: { message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' }, status: 406 };
    await expect(getEmailEnabled('user-1')).rejects.toThrow('Your email settings could not be loaded.');
    await expect(setEmailEnabled('user-1', true)).rejects.toThrow('Your email setting could not be saved.');
  });
});
