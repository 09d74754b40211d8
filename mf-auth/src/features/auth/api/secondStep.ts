import { getSupabase } from '@need40/shared';

/**
 * Two-step login: an account with a verified authenticator app (set up on the security page) signs
 * in with its password at aal1 and must then give a code from the app to reach aal2, which the
 * database requires of such accounts. Returns the app's factor id when that step is due, else null.
 */
export async function secondStepFactor(): Promise<string | null> {
  const { mfa } = getSupabase().auth;
  const { data, error } = await mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  if (data.nextLevel !== 'aal2' || data.currentLevel === 'aal2') return null;
  const factors = await mfa.listFactors();
  if (factors.error) throw factors.error;
  return factors.data.totp[0]?.id ?? null;
}

/** Check the six-digit code of the authenticator app: the session becomes aal2. */
export async function verifySecondStep(factorId: string, code: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw error;
}
