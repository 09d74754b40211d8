import { getSupabase, MESSAGES, type Database } from '@need40/shared';
import { failureText, worded } from '@need40/ui';
import { validateGigPayment } from '../lib/validation';

/** The gig row `create_paid_gig` returns (its columns; computed fields are read by name, not returned). */
export type PaidGig = Database['public']['Functions']['create_paid_gig']['Returns'];

export interface CreatePaidGigInput {
  userId: string | null | undefined;
  title: string;
  description: string;
}

/**
 * The $600 gig path: one call to the database function `create_paid_gig`, which computes the
 * figures itself (fixed, 600 / 570 / 30, active) and writes the completed payment and the audit
 * rows in the same transaction. The client never sends an amount, so it cannot send a wrong one.
 * Throws the spec's validation messages, the backend's message, or "Gig payment processing failed".
 *
 * `gigId` is chosen once per confirmation and kept for its retries: the database answers a repeat
 * with the gig (and the one payment) written the first time. Two attempts that raced leave the
 * second refused as a duplicate (23505) once the first committed: asked again, the database then
 * answers with the first's gig. `signal` aborts the request (Retry, Cancel).
 */
export async function createPaidGig({ userId, title, description }: CreatePaidGigInput, gigId: string, signal?: AbortSignal): Promise<PaidGig> {
  const invalid = validateGigPayment({ userId, title, description });
  if (invalid) throw worded(invalid);

  const call = () => {
    const request = getSupabase().rpc('create_paid_gig', { p_title: title.trim(), p_description: description.trim(), p_id: gigId });
    return signal ? request.abortSignal(signal) : request;
  };
  let { data, error } = await call();
  if (error?.code === '23505') ({ data, error } = await call());
  if (error) throw worded(failureText(error, MESSAGES.gigPaymentFailed));
  if (!data) throw worded(MESSAGES.gigPaymentFailed);
  return data;
}
