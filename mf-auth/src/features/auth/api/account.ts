import { getRuntimeConfig, getSupabase, recoveryReturnUrl } from '@need40/shared';

/**
 * The account self-service calls of the login dialog. Each throws the backend's error; the
 * links in the mails lead back to the site (the backend allows only its own addresses).
 */

/**
 * Mail a password-reset link; the backend answers the same whether the address has an account or
 * not. The link comes back to this page marked as a reset (recoveryReturnUrl), so a browser that
 * cannot use it says so instead of reading it as a sign-up confirmation. This page's own address,
 * not the configured site URL: the mark must survive the auth server's redirect check, which
 * allows the site's origin (a site URL it does not know sends the link to SITE_URL, unmarked).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const here = `${window.location.origin}${window.location.pathname}`;
  const { error } = await getSupabase().auth.resetPasswordForEmail(email.trim(), { redirectTo: recoveryReturnUrl(here) });
  if (error) throw error;
}

/** Mail the sign-up confirmation link again (to an address not confirmed yet). */
export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await getSupabase().auth.resend({ type: 'signup', email: email.trim(), options: { emailRedirectTo: getRuntimeConfig().siteUrl } });
  if (error) throw error;
}

/** Set the password of the signed-in member (after following a reset link, no nonce is needed: it is a new session). */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ password });
  if (error) throw error;
}
