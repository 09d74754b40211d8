import { MESSAGES, MIN_PASSWORD_LENGTH } from '@need40/shared';

export interface SignupInput {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first signup problem in the product's words, or null. Mismatch is checked first. */
export function validateSignup(input: SignupInput): string | null {
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  if (input.password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
