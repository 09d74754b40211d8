-- Auth: WebAuthn second factors, in GoTrue's columns. A factor keeps the one credential its first
-- verify registered (id, public key, signature counter, transports, as JSON); a challenge keeps the
-- random challenge it handed out and whether it asked for a registration or an assertion. The
-- API roles' column grant on auth.mfa_factors (id, user_id, status) does not reach these columns.
-- Safe to re-run.
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
comment on column auth.mfa_factors.web_authn_credential is 'The WebAuthn credential: {id, public_key (base64url COSE), counter, transports}.';
comment on column auth.mfa_challenges.web_authn_session_data is 'The WebAuthn ceremony: {challenge (base64url), type (create|request)}; one use, expires with the challenge.';
