/**
 * The member's payout details (public.payout_details, theirs alone by row-level security): the
 * PayPal address Need40 pays their earnings to under the manual provider. The row is made on the
 * first save; its update grant covers only the address, so a save updates first and inserts when
 * there was no row yet.
 */
import { getSupabase } from '@need40/shared';
import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';

export const PAYOUT_LOAD_FAILED = 'Your payout details could not be loaded.';
export const PAYOUT_SAVE_FAILED = 'Your PayPal address could not be saved.';
export const PAYPAL_MAX = 254;
/** The database's shape check (payout_details_paypal_email_shape), said before it refuses. */
const SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Why `address` cannot be saved, or null (an empty address clears it). */
export function paypalProblem(address: string): string | null {
  const a = address.trim();
  if (!a) return null;
  if (a.length > PAYPAL_MAX) return `Use at most ${PAYPAL_MAX} characters.`;
  return SHAPE.test(a) ? null : 'Enter the email address of your PayPal account, like name@example.com.';
}

function failure(error: unknown, status: number, fallback: string): Error {
  if ((error as { code?: unknown } | null)?.code === '23514') return worded('Enter the email address of your PayPal account, like name@example.com.');
  return worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, fallback));
}

/** The member's PayPal address, '' when they have none yet. */
export async function getPaypalAddress(userId: string): Promise<string> {
  const { data, error, status } = await getSupabase().from('payout_details').select('paypal_email').eq('user_id', userId).maybeSingle();
  if (error) throw failure(error, status, PAYOUT_LOAD_FAILED);
  return data?.paypal_email ?? '';
}

/** Save (or clear, with '') the PayPal address; returns what the database stored. */
export async function savePaypalAddress(userId: string, address: string): Promise<string> {
  const paypal_email = address.trim() || null;
  const updated = await getSupabase().from('payout_details').update({ paypal_email }).eq('user_id', userId).select('paypal_email');
  if (updated.error) throw failure(updated.error, updated.status, PAYOUT_SAVE_FAILED);
  if (updated.data.length) return updated.data[0]!.paypal_email ?? '';
  const inserted = await getSupabase().from('payout_details').insert({ user_id: userId, paypal_email }).select('paypal_email').single();
  if (inserted.error) throw failure(inserted.error, inserted.status, PAYOUT_SAVE_FAILED);
  return inserted.data.paypal_email ?? '';
}
