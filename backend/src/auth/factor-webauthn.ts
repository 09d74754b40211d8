/**
 * The WebAuthn side of the MFA routes (factors.ts, factor-verify.ts), in GoTrue's shapes:
 *   challenge of an unverified factor → {id, type: 'webauthn', expires_at, webauthn: {type: 'create',
 *     credential_options: {publicKey}}}; of a verified one → the same with type 'request'.
 *   verify {challenge_id, webauthn: {type, credential_response}}: the first verify registers the
 *     credential (attestation "none" is enough: this is a second factor, not an identity proof),
 *     later ones check an assertion and move the signature counter forward.
 * The relying party is the server's (WEBAUTHN_RP_ID / WEBAUTHN_RP_ORIGINS); the rpId/rpOrigins
 * auth-js sends along are not trusted, as GoTrue no longer trusts them.
 */
import type { Tx } from '../db/types';
import type { Services } from '../services';
import { AuthErrors } from './errors';
import { advanceCounter, credentialOf, credentialsOfUser, credentialTaken, insertCeremonyChallenge, registerCredential } from './store/webauthn';
import type { FactorRow } from './store/factors';
import type { UserRow } from './users';
import { iso } from './util';
import { authenticationOptions, parseVerifyBody, registrationOptions, verifyAssertion, verifyRegistration, type CeremonyState } from './webauthn';

export type WebAuthnAnswer = ReturnType<typeof parseVerifyBody>;

export function requireVerifyEnabled(services: Services): void {
  if (!services.config.MFA_WEB_AUTHN_VERIFY_ENABLED) throw AuthErrors.mfaWebauthnVerifyDisabled();
}

export async function webauthnChallenge(services: Services, tx: Tx, user: UserRow, factor: FactorRow, ip: string, nowMs: number, ttlMs: number) {
  const rp = services.config.webauthn;
  const credential = await credentialOf(tx, factor.id);
  const { options, state } = credential
    ? await authenticationOptions(rp, credential)
    : await registrationOptions(rp, { id: user.id, email: user.email }, await credentialsOfUser(tx, user.id));
  const id = await insertCeremonyChallenge(tx, factor.id, ip, iso(nowMs), state);
  return {
    id,
    type: 'webauthn',
    expires_at: Math.floor((nowMs + ttlMs) / 1000),
    webauthn: { type: state.type, credential_options: { publicKey: options } },
  };
}

/**
 * Checks an answer against the challenge's ceremony; on success records what it proved (the new
 * credential or the new counter) and returns true. False is a failed attempt (counted by the caller).
 */
export async function checkWebauthn(services: Services, tx: Tx, factor: FactorRow, state: CeremonyState | null, answer: WebAuthnAnswer, nowMs: number): Promise<boolean> {
  if (!state || state.type !== answer.type) return false;
  const rp = services.config.webauthn;
  const credential = await credentialOf(tx, factor.id);
  if (answer.type === 'create') {
    if (credential) return false;
    const proved = await verifyRegistration(rp, state, answer.response);
    if (!proved || (await credentialTaken(tx, proved.credential.id))) return false;
    await registerCredential(tx, factor.id, proved.credential, proved.aaguid, iso(nowMs));
    return true;
  }
  if (!credential) return false;
  const counter = await verifyAssertion(rp, state, credential, factor.user_id, answer.response);
  if (counter === null) return false;
  return advanceCounter(tx, factor.id, credential.counter, counter, iso(nowMs));
}
