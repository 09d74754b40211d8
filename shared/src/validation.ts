/**
 * Client-side validation with the spec's messages (SPEC §5). The database enforces the same
 * rules again; these give the person a clear message before a round trip.
 */
import { LOCATIONS, MESSAGES, MIN_PASSWORD_LENGTH, PAYMENT_TYPES } from './constants';
import type { GigForm, GigLocation, PaymentType } from './types';

export interface SignupInput {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first signup problem as the spec words it, or null. Mismatch is checked first. */
export function validateSignup(input: SignupInput): string | null {
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  if (input.password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}

/** "a, b ,, c " → ["a", "b", "c"]: trimmed, empties dropped. */
export function parseSkills(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export type GigFormErrors = Partial<Record<keyof GigForm, string>>;

const isPaymentType = (v: string): v is PaymentType => (PAYMENT_TYPES as readonly string[]).includes(v);
const isLocation = (v: string): v is GigLocation => (LOCATIONS as readonly string[]).includes(v);

/** Every field is required (SPEC §5); rate and hours must be positive numbers. Empty object = valid. */
export function validateGigForm(form: GigForm): GigFormErrors {
  const errors: GigFormErrors = {};
  if (!form.title.trim()) errors.title = 'Title is required';
  if (!form.description.trim()) errors.description = 'Description is required';
  if (!isPaymentType(form.paymentType)) errors.paymentType = 'Payment type is required';
  const rate = Number(form.rate);
  if (!form.rate.trim()) errors.rate = 'Rate is required';
  else if (!Number.isFinite(rate) || rate <= 0) errors.rate = 'Rate must be a positive number';
  const hours = Number(form.hours);
  if (!form.hours.trim()) errors.hours = 'Estimated hours are required';
  else if (!Number.isFinite(hours) || hours <= 0) errors.hours = 'Hours must be a positive number';
  if (!isLocation(form.location)) errors.location = 'Location is required';
  if (parseSkills(form.skills).length === 0) errors.skills = 'At least one skill is required';
  return errors;
}

export interface PaymentInput {
  amount?: number | null;
  paymentMethod?: string | null;
  status?: string | null;
}

/** SPEC §5: amount, paymentMethod and status are all required. */
export function validatePaymentData(input: PaymentInput): string | null {
  if (!input.amount || !input.paymentMethod || !input.status) return MESSAGES.invalidPaymentData;
  return null;
}

/** SPEC §5: the $600 gig path needs a user id, a title and a description. */
export function validateGigPayment(input: { userId?: string | null; title?: string | null; description?: string | null }): string | null {
  if (!input.userId) return MESSAGES.userIdRequired;
  if (!input.title?.trim() || !input.description?.trim()) return MESSAGES.gigTitleDescriptionRequired;
  return null;
}

/**
 * A link safe to put in an href: http(s) or mailto only. Anything else (javascript:, data:, …)
 * yields null so the caller renders plain text. Bare hosts ("github.com/x") get https://.
 */
export function safeUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
