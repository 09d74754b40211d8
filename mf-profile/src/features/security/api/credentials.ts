import { getRuntimeConfig, getSupabase } from '@need40/shared';

/**
 * The member's password and email, through the auth server (supabase-js updateUser). Each call
 * throws the server's error; the page words it (failureText) or acts on its code.
 */

/** The auth server's answer when the session is too old to change the password without a code. */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';

/**
 * A new password. A session signed in more than a day ago must prove it is the owner first: the
 * server answers `reauthentication_needed`, mails a six-digit code on request (sendReauthCode), and
 * takes the password again with that code (`nonce`).
 */
export async function changePassword(password: string, nonce?: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw error;
}

/** Mail the six-digit code a password change from an older session needs. */
export async function sendReauthCode(): Promise<void> {
  const { error } = await getSupabase().auth.reauthenticate();
  if (error) throw error;
}

/** Ask to move the account to `email`: it changes once the link mailed to that address is followed. */
export async function changeEmail(email: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ email: email.trim() }, { emailRedirectTo: getRuntimeConfig().siteUrl });
  if (error) throw error;
}
