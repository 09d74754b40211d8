import { getSupabase } from '@need40/shared';

/** An authenticator app (a TOTP factor) of the member's. */
export interface Authenticator {
  id: string;
  name: string;
  verified: boolean;
  createdAt: string;
}

/** A started enrolment: what the app scans (an SVG QR code as a data URL) or the secret to type. */
export interface Enrolment {
  id: string;
  qrCode: string;
  secret: string;
}

/** The member's authenticator apps (verified and not yet verified). */
export async function listAuthenticators(): Promise<Authenticator[]> {
  const { data, error } = await getSupabase().auth.mfa.listFactors();
  if (error) throw error;
  return data.all
    .filter((f) => f.factor_type === 'totp')
    .map((f) => ({ id: f.id, name: f.friendly_name || 'Authenticator app', verified: f.status === 'verified', createdAt: f.created_at }));
}

/** Start adding an app; it counts once a code from it is verified (confirmAuthenticator). */
export async function startAuthenticator(name: string): Promise<Enrolment> {
  const { data, error } = await getSupabase().auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
  if (error) throw error;
  return { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** Check a six-digit code from the app: the factor is verified and this session is raised to aal2. */
export async function confirmAuthenticator(factorId: string, code: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw error;
}

export async function removeAuthenticator(factorId: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.unenroll({ factorId });
  if (error) throw error;
}
