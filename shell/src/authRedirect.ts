/**
 * An auth error the backend put in the address when it sent the browser back: a used or expired
 * email link lands on `/#error=access_denied&error_code=otp_expired&error_description=…` (or the
 * same in the query string). SPEC §8 wants the backend's message in the auth form's error area, so
 * the shell opens the login modal with it (bootstrap.tsx).
 *
 * @example
 *   const message = takeAuthRedirectError();   // "Email link is invalid or has expired"
 *   if (message) openAuthModal('login', message);
 */

const ERROR_PARAMS = ['error', 'error_code', 'error_description'];

/** When the backend sent an error without a description. */
export const AUTH_REDIRECT_FALLBACK = 'That link did not work. Please log in, or sign up again for a new link.';

function errorParams(text: string): URLSearchParams | null {
  if (!text.includes('=')) return null;
  const params = new URLSearchParams(text);
  return ERROR_PARAMS.some((k) => params.has(k)) ? params : null;
}

/**
 * The backend's message, or null when the address carries no auth error. The error parameters are
 * removed from the address (history.replaceState), so a reload does not show the message again.
 */
export function takeAuthRedirectError(win: Window = window): string | null {
  const url = new URL(win.location.href);
  const fromHash = errorParams(url.hash.slice(1));
  const fromQuery = errorParams(url.search.slice(1));
  const params = fromHash ?? fromQuery;
  if (!params) return null;
  const message = params.get('error_description')?.trim() || AUTH_REDIRECT_FALLBACK;

  if (fromHash) {
    for (const k of ERROR_PARAMS) fromHash.delete(k);
    const rest = fromHash.toString();
    url.hash = rest ? `#${rest}` : '';
  }
  if (fromQuery) {
    for (const k of ERROR_PARAMS) fromQuery.delete(k);
    url.search = fromQuery.toString();
  }
  win.history.replaceState(win.history.state, '', url.href);
  return message;
}
