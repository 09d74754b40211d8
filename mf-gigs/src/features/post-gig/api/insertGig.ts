import { getSupabase } from '@need40/shared';
import { gigInsertFromForm } from '../lib/gigForm';
import { type GigForm } from '../types';

/**
 * Insert one gig (docs/product.md, calls): the form's fields, skills as a trimmed list, user_id and created_at.
 * Row-level security checks that user_id is the caller. Throws the backend's error.
 */
export async function insertGig(form: GigForm, userId: string): Promise<void> {
  const { error } = await getSupabase().from('gigs').insert(gigInsertFromForm(form, userId));
  if (error) throw error;
}
