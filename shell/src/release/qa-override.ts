/**
 * The QA override, read from the address (`?need40_release=campaign@0.2.0+0b1c2d3e4f`) or the
 * cookie of the same name. The parameter sets the cookie (a session cookie: it ends with the
 * browser) so reloads and links keep the tester's versions; an empty parameter clears it.
 */
import { OVERRIDE_PARAM, parseOverride, type OverrideRequest } from '@need40/release/registry';

function readCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OVERRIDE_PARAM) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function readOverride(doc: Pick<Document, 'cookie'> = document, search: string = location.search): OverrideRequest {
  const params = new URLSearchParams(search);
  if (params.has(OVERRIDE_PARAM)) {
    const value = params.get(OVERRIDE_PARAM) ?? '';
    doc.cookie = value
      ? `${OVERRIDE_PARAM}=${encodeURIComponent(value)}; path=/; SameSite=Lax`
      : `${OVERRIDE_PARAM}=; path=/; max-age=0; SameSite=Lax`;
    return parseOverride(value);
  }
  return parseOverride(readCookie(doc.cookie));
}

/** End the override: the cookie goes, and the page reloads without the parameter. */
export function clearOverride(): void {
  document.cookie = `${OVERRIDE_PARAM}=; path=/; max-age=0; SameSite=Lax`;
  const url = new URL(location.href);
  url.searchParams.delete(OVERRIDE_PARAM);
  // Replacing the address by the same one (only a hash differs at most) would not load the page again.
  if (url.href === location.href) location.reload();
  else location.replace(url.href);
}
