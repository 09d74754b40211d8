/** Email addresses: validated (GoTrue's pattern, 255 characters) and normalised (trimmed, lower-case). */
import { AuthErrors } from './errors';

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string') throw AuthErrors.emailInvalid();
  const e = email.trim().toLowerCase();
  if (e.length > 255 || !EMAIL.test(e)) throw AuthErrors.emailInvalid();
  return e;
}
