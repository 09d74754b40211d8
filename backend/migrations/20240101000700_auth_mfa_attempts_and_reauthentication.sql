-- Auth: wrong codes counted per MFA challenge (a challenge dies after MFA_CHALLENGE_MAX_ATTEMPTS),
-- and reauthentication nonces (GET /reauthenticate) stored as one-time tokens. Safe to re-run.
alter table auth.mfa_challenges add column if not exists failed_attempts integer not null default 0;
comment on column auth.mfa_challenges.failed_attempts is 'Wrong codes tried against this challenge; at the limit it answers mfa_challenge_expired.';

alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'recovery_token', 'email_change_token', 'reauthentication_token'));
