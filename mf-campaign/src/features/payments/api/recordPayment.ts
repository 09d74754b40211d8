import { getSupabase, MESSAGES, PAYMENT_METHOD, type Json, type Tables } from '@need40/shared';
import { failureText, worded } from '@need40/ui';
import { validatePaymentData } from '../lib/validation';

export interface RecordPaymentInput {
  amount: number;
  description: string;
  metadata?: { [key: string]: Json };
}

/**
 * Record a pending PayPal payment (Pay $600, Give40) through the database function
 * `record_payment`, which stamps user_id from the caller's token (null for a visitor).
 * Throws an Error carrying the spec's message: the validation message, the backend's message,
 * or "Failed to record payment" when the backend gives no message or no row.
 */
export async function recordPayment({ amount, description, metadata = {} }: RecordPaymentInput): Promise<Tables<'payments'>> {
  const status = 'pending';
  const invalid = validatePaymentData({ amount, paymentMethod: PAYMENT_METHOD, status });
  if (invalid) throw worded(invalid);

  const { data, error } = await getSupabase().rpc('record_payment', {
    p_amount: amount,
    p_payment_method: PAYMENT_METHOD,
    p_status: status,
    p_description: description,
    p_metadata: metadata,
  });
  if (error) throw worded(failureText(error, MESSAGES.recordPaymentFailed));
  if (!data) throw worded(MESSAGES.recordPaymentFailed);
  return data;
}
