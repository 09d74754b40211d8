-- Auth: what a confirmation link proves. Each sign-up of an unconfirmed address stores its own
-- password hash and metadata with its confirmation token; following that link gives the account
-- exactly those credentials and discards everything set before the address was proven (other
-- pending sign-ups, unverified OAuth identities). Safe to re-run.
alter table auth.one_time_tokens add column if not exists password_hash text;
alter table auth.one_time_tokens add column if not exists user_meta jsonb;
alter table auth.one_time_tokens add column if not exists identity_id uuid;
comment on column auth.one_time_tokens.password_hash is 'Confirmation tokens: the password of the sign-up that asked for this link (argon2id).';
comment on column auth.one_time_tokens.user_meta is 'Confirmation tokens: the user metadata of the sign-up that asked for this link.';
comment on column auth.one_time_tokens.identity_id is 'Confirmation tokens sent after an OAuth sign-in: the identity that asked for this link.';
