import { getSupabase } from '@need40/shared';
import { gigInsertFromForm } from '../lib/gigForm';
import { type GigForm } from '../types';

/**
 * Insert one gig (docs/product.md, calls): the form's fields, skills as a trimmed list, user_id and
 * created_at, under the id `gigId` the form chose. Row-level security checks that user_id is the
 * caller. Throws the backend's error.
 *
 * The id is the insert's idempotency key: a retry, or a second click that got past the button,
 * sends the same id, and the primary key refuses the copy (23505), so one submission is one gig
 * whatever the network did. `isDuplicatePost` tells that refusal apart.
 */
export async function insertGig(form: GigForm, userId: string, gigId: string, signal?: AbortSignal): Promise<void> {
  const insert = getSupabase().from('gigs').insert({ ...gigInsertFromForm(form, userId), id: gigId });
  const { error } = await (signal ? insert.abortSignal(signal) : insert);
  if (error) throw error;
}

/** The insert was refused because a gig with this id exists: an earlier attempt got through. */
export function isDuplicatePost(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
