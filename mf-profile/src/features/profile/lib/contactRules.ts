/**
 * What the profile's contact and link fields accept. Links end up in href attributes on a public
 * page, so only http(s) web addresses are kept (a bare "github.com/ada" gets https://); anything
 * else — javascript:, data:, ftp:, words — is refused with a message at the field.
 */
export const LINK_ERROR = 'Enter a web address starting with https:// or http://';
export const EMAIL_ERROR = 'Enter an email address like name@example.com';
export const PHONE_ERROR = 'Enter a phone number of 7 to 15 digits; spaces and + - ( ) . are fine';

/** The database's limits (profiles_*_length). */
const MAX_URL = 2048;
const MAX_EMAIL = 320;
const MAX_PHONE = 50;

/** The web address to store for what was typed, or null when it is not an http(s) address. */
export function webAddress(raw: string): string | null {
  const value = raw.trim();
  if (!value || value.length > MAX_URL || /\s/.test(value)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  try {
    const url = new URL(hasScheme ? value : `https://${value}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A host needs a dot ("example.com"), or it is localhost; "https://foo" is almost always a typo.
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return hasScheme ? value : url.href;
  } catch {
    return null;
  }
}

/** Error for an optional link field ('' is fine: the link is not published). */
export function linkError(raw: string): string | undefined {
  return raw.trim() && !webAddress(raw) ? LINK_ERROR : undefined;
}

export function emailError(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  return value.length <= MAX_EMAIL && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value) ? undefined : EMAIL_ERROR;
}

export function phoneError(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  const digits = value.replace(/\D/g, '').length;
  return value.length <= MAX_PHONE && /^\+?[\d\s().-]+$/.test(value) && digits >= 7 && digits <= 15 ? undefined : PHONE_ERROR;
}
