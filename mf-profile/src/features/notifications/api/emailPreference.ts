import { getSupabase } from '@need40/shared';
import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';

export const PREFERENCE_LOAD_FAILED = 'Your email settings could not be loaded.';
export const PREFERENCE_SAVE_FAILED = 'Your email setting could not be saved.';

/** The member's email settings: all notification emails on or off, and the kinds turned off one by one. */
export interface EmailPreferences {
  enabled: boolean;
  off: string[];
}

const COLUMNS = 'email_enabled, email_off';

function failure(error: unknown, status: number, fallback: string): Error {
  // PGRST116: no row, or row-level security hid it (the row is made with the profile).
  if ((error as { code?: unknown } | null)?.code === 'PGRST116') return worded(fallback);
  return worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, fallback));
}

const fromRow = (row: { email_enabled: boolean; email_off: string[] }): EmailPreferences => ({ enabled: row.email_enabled, off: row.email_off });

/** The member's email settings (notification_preferences: email_enabled, email_off). */
export async function getEmailPreferences(userId: string): Promise<EmailPreferences> {
  const { data, error, status } = await getSupabase().from('notification_preferences').select(COLUMNS).eq('user_id', userId).single();
  if (error) throw failure(error, status, PREFERENCE_LOAD_FAILED);
  return fromRow(data);
}

/** Save the member's email settings; returns what the database stored. */
export async function saveEmailPreferences(userId: string, next: EmailPreferences): Promise<EmailPreferences> {
  const { data, error, status } = await getSupabase()
    .from('notification_preferences')
    .update({ email_enabled: next.enabled, email_off: next.off })
    .eq('user_id', userId)
    .select(COLUMNS)
    .single();
  if (error) throw failure(error, status, PREFERENCE_SAVE_FAILED);
  return fromRow(data);
}
