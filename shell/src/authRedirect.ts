/**
 * What the backend put in the address when an email link sent the browser back (bootstrap.tsx):
 *   - an auth error: a used or expired link lands on
 *     `/#error=access_denied&error_code=otp_expired&error_description=…` (or the same in the query).
 *     The backend's message belongs in the auth form's error area (docs/product.md, error catalogue):
 *     the login modal opens with it.
 *   - `?code=…` that supabase-js could not exchange: the link was opened in another browser than the
 *     one that signed up (the PKCE verifier is not there). The address is confirmed all the same, so
 *     the login modal opens with a note saying so — unless the link was a password reset (marked
 *     `?flow=recovery`, RECOVERY_RETURN): then the dialog says "Set a new password" and asks for a
 *     new link from this browser, never the sign-up sentence.
 *
 * @example
 *   const message = takeAuthRedirectError();   // "Email link is invalid or has expired"
 *   if (message) openAuthModal('login', { error: message });
 *   void settleAuthCode(getSupabase());
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { openAuthModal, RECOVERY_RETURN } from '@need40/shared';

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

export const EMAIL_CONFIRMED_NOTICE = 'Your email address is confirmed. Log in to continue.';

const hasCode = (win: Window) => new URL(win.location.href).searchParams.has('code');

function dropParam(win: Window, name: string): void {
  const url = new URL(win.location.href);
  url.searchParams.delete(name);
  win.history.replaceState(win.history.state, '', url.href);
}

/**
 * Once the auth client has started: if `?code=` is still in the address, the exchange did not
 * happen (supabase-js removes it after a successful one). Remove it, and when nobody is signed in,
 * open the login modal with EMAIL_CONFIRMED_NOTICE — or, for a password-reset link, the
 * "Set a new password" step that asks for a new link here. The reset mark is removed either way.
 */
export async function settleAuthCode(client: Pick<SupabaseClient, 'auth'>, win: Window = window): Promise<void> {
  const recovery = new URL(win.location.href).searchParams.get(RECOVERY_RETURN.param) === RECOVERY_RETURN.value;
  if (recovery) dropParam(win, RECOVERY_RETURN.param);
  if (!hasCode(win)) return;
  const { data } = await client.auth.getSession();
  if (!hasCode(win)) return;
  dropParam(win, 'code');
  if (data.session) return;
  openAuthModal('login', recovery ? { step: 'recovery-elsewhere' } : { notice: EMAIL_CONFIRMED_NOTICE });
}
