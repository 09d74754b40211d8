/**
 * The auth error catalogue: GoTrue's stable snake_case codes (supabase/auth errorcode.go) with
 * GoTrue's statuses and messages. A code is never renamed or reused: supabase-js and apps
 * branch on them (session_not_found drops the session; weak_password carries reasons).
 */
import { AuthApiError } from '../http/errors';

export { AuthApiError };

/** 429 with Retry-After (seconds). */
export class RateLimitError extends AuthApiError {
  constructor(errorCode: string, message: string, readonly retryAfter: number) {
    super(429, errorCode, message);
  }
  override headers() {
    return { 'Retry-After': String(Math.max(1, Math.ceil(this.retryAfter))) };
  }
}

const e = (status: number, code: string, message: string, extra?: Record<string, unknown>) => new AuthApiError(status, code, message, extra);

export const AuthErrors = {
  validation: (message: string) => e(400, 'validation_failed', message),
  unprocessable: (message: string) => e(422, 'validation_failed', message),
  badJson: (detail?: string) => e(400, 'bad_json', detail ? `Could not parse request body as JSON: ${detail}` : 'Could not parse request body as JSON'),
  emailInvalid: () => e(400, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  invalidCredentials: () => e(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => e(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => e(400, 'user_banned', 'User is banned'),
  weakPassword: (reasons: string[]) =>
    e(422, 'weak_password', 'Password should be at least 6 characters.', {
      weak_password: { message: 'Password should be at least 6 characters.', reasons },
    }),
  samePassword: () => e(422, 'same_password', 'New password should be different from the old password.'),
  userAlreadyExists: () => e(422, 'user_already_exists', 'User already registered'),
  emailExists: () => e(422, 'email_exists', 'A user with this email address has already been registered'),
  signupDisabled: () => e(422, 'signup_disabled', 'Signups not allowed for this instance'),
  phoneProviderDisabled: () => e(422, 'phone_provider_disabled', 'Phone signups are disabled'),
  notAdmin: () => e(403, 'not_admin', 'User not allowed'),
  noAuthorization: () => e(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => e(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => e(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => e(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () => e(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => e(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  unsupportedGrant: () => e(400, 'unsupported_grant_type', 'unsupported_grant_type'),
  flowStateNotFound: () => e(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => e(422, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () => e(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  tokenInvalid: () => e(403, 'otp_expired', 'Token has expired or is invalid'),
  otpDisabled: () => e(422, 'otp_disabled', 'Signups not allowed for otp'),
  anonymousProviderDisabled: () => e(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  userNotFoundAdmin: () => e(404, 'user_not_found', 'User not found'),
  userNotFoundLink: () => e(404, 'user_not_found', 'User with this email not found'),
  notFoundValidation: (message: string) => e(404, 'validation_failed', message),
  conflict: (message: string) => e(409, 'conflict', message),
  samlDisabled: () => e(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  web3Disabled: () => e(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  idTokenProviderDisabled: (issuer: string) => e(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`),
  passkeysDisabled: () => e(404, 'passkey_disabled', 'Passkeys are not enabled'),
  webauthnChallengeNotFound: () => e(400, 'webauthn_challenge_not_found', 'WebAuthn challenge not found or already used'),
  webauthnChallengeExpired: () => e(400, 'webauthn_challenge_expired', 'WebAuthn challenge has expired'),
  webauthnVerificationFailed: () => e(400, 'webauthn_verification_failed', 'WebAuthn verification failed'),
  webauthnCredentialExists: () => e(422, 'webauthn_credential_exists', 'This passkey is already registered'),
  tooManyPasskeys: () => e(422, 'too_many_passkeys', 'Maximum number of passkeys reached'),
  passkeyNotFound: () => e(404, 'validation_failed', 'Passkey not found'),
  otpExpired: () => e(403, 'otp_expired', 'Email link is invalid or has expired'),
  badOAuthState: () => e(400, 'bad_oauth_state', 'OAuth state parameter missing or invalid'),
  badOAuthCallback: (message: string) => e(400, 'bad_oauth_callback', message),
  providerDisabled: (provider: string) => e(400, 'validation_failed', `Unsupported provider: provider ${provider} is not enabled`),
  manualLinkingDisabled: () => e(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  identityNotFound: () => e(404, 'identity_not_found', "Identity doesn't exist"),
  identityAlreadyExists: () => e(422, 'identity_already_exists', 'Identity is already linked to another user'),
  singleIdentityNotDeletable: () => e(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking'),
  mfaFactorNotFound: () => e(404, 'mfa_factor_not_found', 'Factor not found'),
  mfaChallengeNotFound: () => e(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  mfaChallengeExpired: () => e(422, 'mfa_challenge_expired', 'MFA challenge has expired, verify against another challenge or create a new challenge.'),
  mfaVerificationFailed: () => e(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  mfaFactorNameConflict: (name: string) => e(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`),
  mfaPhoneEnrollDisabled: () => e(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone: no SMS provider is configured'),
  mfaWebauthnEnrollDisabled: () => e(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  mfaWebauthnVerifyDisabled: () => e(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn'),
  mfaWebauthnVerificationFailed: () => e(422, 'mfa_verification_failed', 'WebAuthn verification failed'),
  reauthenticationNeeded: () => e(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => e(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  insufficientAal: (message: string, status = 403) => e(status, 'insufficient_aal', message),
  overRequestRateLimit: (retryAfter: number) => new RateLimitError('over_request_rate_limit', 'Request rate limit reached', retryAfter),
  overEmailSendRateLimit: (retryAfter: number) => new RateLimitError('over_email_send_rate_limit', 'Email rate limit exceeded', retryAfter),
  oauthServerDisabled: () => e(404, 'feature_disabled', 'OAuth server is disabled'),
  oauthClientNotFound: () => e(404, 'oauth_client_not_found', 'OAuth client not found'),
  notFound: () => e(404, 'not_found', 'Not found'),
  adminNotImplemented: () => e(404, 'not_found', 'The admin API is not implemented by this server'),
  /** A 5xx; `cause` is logged with the request id by the error handler, never sent. */
  unexpected: (cause?: unknown) => new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information', {}, cause),
};
