/**
 * The WebAuthn ceremonies of an MFA webauthn factor, on @simplewebauthn/server: the options a
 * challenge hands to navigator.credentials.create()/get(), and the checks of what the browser
 * sends back (challenge, origin, RP id hash, signature, signature counter). Nothing here touches
 * the database; `store/webauthn.ts` keeps the credential and the ceremony state.
 *
 * Every input is bounded before the library sees it, and every library failure (malformed
 * base64url, hostile CBOR, a wrong key) is a failed verification, never an exception to the caller.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { WebAuthnConfig } from '../config-webauthn';
import { AuthErrors } from './errors';

export type CeremonyType = 'create' | 'request';
export type ParsedCredential = { type: 'create'; response: RegistrationResponseJSON } | { type: 'request'; response: AuthenticationResponseJSON };

/** What a challenge remembers (auth.mfa_challenges.web_authn_session_data). */
export interface CeremonyState {
  challenge: string;
  type: CeremonyType;
}

/** A registered credential (auth.mfa_factors.web_authn_credential). */
export interface StoredCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
}

/** The time the browser is told it has; the challenge itself lives as long as a TOTP challenge. */
const CEREMONY_TIMEOUT_MS = 60_000;
const B64URL = /^[A-Za-z0-9_-]*={0,2}$/;
/** Upper bounds per field (characters of base64url): far above any real authenticator's output. */
const LIMITS = { id: 1366, clientDataJSON: 4096, attestationObject: 65_536, authenticatorData: 16_384, signature: 2048, userHandle: 128 };

const uuidBytes = (id: string) => Uint8Array.from(Buffer.from(id.replace(/-/g, ''), 'hex'));

/** `discoverable`: a passkey (the authenticator keeps the user, sign-in names nobody first). */
export async function registrationOptions(rp: WebAuthnConfig, user: { id: string; email: string | null }, exclude: StoredCredential[], discoverable = false) {
  const name = user.email || user.id;
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userID: uuidBytes(user.id),
    userName: name,
    userDisplayName: name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: exclude.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: discoverable ? 'required' : 'discouraged', userVerification: 'preferred' },
  });
  return { options, state: { challenge: options.challenge, type: 'create' } satisfies CeremonyState };
}

/** Without a credential: a discoverable sign-in, the authenticator offers its passkeys. */
export async function authenticationOptions(rp: WebAuthnConfig, credential: StoredCredential | null) {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: credential ? [{ id: credential.id, transports: credential.transports }] : [],
    userVerification: 'preferred',
  });
  return { options, state: { challenge: options.challenge, type: 'request' } satisfies CeremonyState };
}

const fieldOf = (obj: Record<string, unknown>, key: keyof typeof LIMITS, message: string, required: boolean): string | undefined => {
  const v = obj[key];
  if (v === undefined || v === null) {
    if (required) throw AuthErrors.validation(message);
    return undefined;
  }
  if (typeof v !== 'string' || v.length > LIMITS[key] || !B64URL.test(v)) throw AuthErrors.validation(message);
  return v;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `webauthn` member of POST /factors/{id}/verify, checked for shape and size (400
 * validation_failed with GoTrue's messages); the cryptography comes later.
 */
export function parseVerifyBody(body: Record<string, unknown>): ParsedCredential {
  const w = body.webauthn;
  if (!isObject(w)) throw AuthErrors.validation('WebAuthn config required');
  if (w.type !== 'create' && w.type !== 'request') throw AuthErrors.validation('WebAuthn type must be create or request');
  const cr = w.credential_response;
  if (cr === undefined || cr === null) throw AuthErrors.validation('credential_response required');
  return parseCredential(w.type, cr, 'Invalid credential_response');
}

/** A credential_response (MFA) or credential (passkeys) of the given ceremony, bounded; else 400 `message`. */
export function parseCredential(type: CeremonyType, cr: unknown, message: string): ParsedCredential {
  const field = (obj: Record<string, unknown>, key: keyof typeof LIMITS, required = true) => fieldOf(obj, key, message, required);
  if (!isObject(cr) || !isObject(cr.response) || cr.type !== 'public-key') throw AuthErrors.validation(message);
  const id = field(cr, 'id')!;
  if (cr.rawId !== undefined && cr.rawId !== id) throw AuthErrors.validation(message);
  const r = cr.response;
  const base = { id, rawId: id, type: 'public-key' as const, clientExtensionResults: {} };
  const clientDataJSON = field(r, 'clientDataJSON')!;
  if (type === 'create') {
    const transports = Array.isArray(r.transports) ? r.transports.filter((t): t is string => typeof t === 'string' && t.length <= 32).slice(0, 8) : [];
    return { type: 'create', response: { ...base, response: { clientDataJSON, attestationObject: field(r, 'attestationObject')!, transports: transports as never } } };
  }
  const response = {
    clientDataJSON,
    authenticatorData: field(r, 'authenticatorData')!,
    signature: field(r, 'signature')!,
    userHandle: field(r, 'userHandle', false),
  };
  return { type: 'request', response: { ...base, response } };
}

/** What both ceremonies check: our challenge, our origins and relying party; user verification is not required (as GoTrue). */
const expected = (rp: WebAuthnConfig, state: CeremonyState) => ({
  expectedChallenge: state.challenge,
  expectedOrigin: rp.rpOrigins,
  expectedRPID: rp.rpId,
  requireUserVerification: false,
});

/** The credential a registration proves, or null when the attestation does not check out. */
export async function verifyRegistration(rp: WebAuthnConfig, state: CeremonyState, response: RegistrationResponseJSON) {
  try {
    const result = await verifyRegistrationResponse({
      response,
      ...expected(rp, state),
    });
    if (!result.verified) return null;
    const { credential, aaguid } = result.registrationInfo;
    const stored: StoredCredential = {
      id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: response.response.transports ?? [],
    };
    return { credential: stored, aaguid };
  } catch {
    return null;
  }
}

/**
 * The new signature counter an assertion proves, or null (wrong key, challenge, origin, counter,
 * or a user handle that is not this user's).
 */
export async function verifyAssertion(rp: WebAuthnConfig, state: CeremonyState, stored: StoredCredential, userId: string, response: AuthenticationResponseJSON) {
  if (response.id !== stored.id) return null;
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(uuidBytes(userId))) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      ...expected(rp, state),
      credential: { id: stored.id, publicKey: isoBase64URL.toBuffer(stored.public_key), counter: stored.counter, transports: stored.transports },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
