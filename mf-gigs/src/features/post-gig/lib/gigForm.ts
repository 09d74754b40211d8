/**
 * The Post Your Gig form: its empty state, its checks (every field is required; rate, hours, lengths
 * and skills within the database's limits, see gigLimits) and the row it inserts. The database
 * enforces the same rules again; these give the person a clear message before a round trip.
 */
import { isGigLocation, isPaymentType, type GigLocation, type TablesInsert } from '@need40/shared';
import { parseSkills } from '../../../lib/skills';
import type { GigForm, GigFormErrors } from '../types';
import { limitErrors, parseNumber } from './gigLimits';

export const emptyGigForm = (): GigForm => ({
  title: '',
  description: '',
  paymentType: 'hourly',
  rate: '',
  hours: '',
  location: '',
  skills: '',
});

/** Every problem of the form by field; an empty object means valid. */
export function validateGigForm(form: GigForm): GigFormErrors {
  const errors: GigFormErrors = limitErrors(form);
  if (!form.title.trim()) errors.title = 'Title is required';
  if (!form.description.trim()) errors.description = 'Description is required';
  if (!isPaymentType(form.paymentType)) errors.paymentType = 'Payment type is required';
  if (!isGigLocation(form.location)) errors.location = 'Location is required';
  return errors;
}

/** Skills become a list of trimmed items; user_id and created_at are added. Validate first. */
export function gigInsertFromForm(form: GigForm, userId: string, now: Date = new Date()): TablesInsert<'gigs'> {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    payment_type: form.paymentType,
    rate: parseNumber(form.rate),
    hours: parseNumber(form.hours),
    location: form.location as GigLocation,
    // As typed: the database compares skills case-insensitively and shows them as written.
    skills: parseSkills(form.skills),
    user_id: userId,
    created_at: now.toISOString(),
  };
}
