import { getRuntimeConfig, getSupabase } from '@need40/shared';

export interface SignupRequest {
  fullName: string;
  email: string;
  password: string;
}

/**
 * Create an account. The full name travels as user metadata (`full_name`), which the database
 * copies into the new profile; the confirmation email links back to the site.
 * Resolves whether a session came back (only when the backend does not ask for confirmation).
 * Throws the backend's error.
 */
export async function signUp({ fullName, email, password }: SignupRequest): Promise<{ signedIn: boolean }> {
  const { data, error } = await getSupabase().auth.signUp({
    email: email.trim(),
    password,
    options: { data: { full_name: fullName.trim() }, emailRedirectTo: getRuntimeConfig().siteUrl },
  });
  if (error) throw error;
  return { signedIn: Boolean(data.session) };
}
