import { getSupabase } from '@need40/shared';
import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';

export const PREFERENCE_LOAD_FAILED = 'Your email settings could not be loaded.';
export const PREFERENCE_SAVE_FAILED = 'Your email setting could not be saved.';

function failure(error: unknown, status: number, fallback: string): Error {
  // PGRST116: no row, or row-level security hid it (the row is made with the profile).
  if ((error as { code?: unknown } | null)?.code === 'PGRST116') return worded(fallback);
  return worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, fallback));
}

/** Whether the member gets notification emails (notification_preferences.email_enabled). */
export async function getEmailEnabled(userId: string): Promise<boolean> {
  const { data, error, status } = await getSupabase().from('notification_preferences').select('email_enabled').eq('user_id', userId).single();
  if (error) throw failure(error, status, PREFERENCE_LOAD_FAILED);
  return data.email_enabled;
}

/** Turn notification emails on or off; returns what the database stored. */
export async function setEmailEnabled(userId: string, enabled: boolean): Promise<boolean> {
  const { data, error, status } = await getSupabase()
    .from('notification_preferences')
    .update({ email_enabled: enabled })
    .eq('user_id', userId)
    .select('email_enabled')
    .single();
  if (error) throw failure(error, status, PREFERENCE_SAVE_FAILED);
  return data.email_enabled;
}
