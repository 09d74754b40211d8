import { getSupabase } from '@need40/shared';

export interface Credentials {
  email: string;
  password: string;
}

/** Log in with email and password. Throws the backend's error (its message is shown as is). */
export async function signIn({ email, password }: Credentials): Promise<void> {
  const { error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
}
