-- Platform: the rest of GoTrue's auth.users columns, so seeds and SQL written for Supabase apply
-- unchanged (a seed's `insert into auth.users (instance_id, …, confirmation_token, recovery_token,
-- email_change_token_new, …)`). /auth/v1 keeps its own tokens in auth.one_time_tokens, so the
-- token columns here stay as a seed leaves them; `confirmed_at` is GoTrue's generated column.
-- Passwords a seed writes with crypt(…, gen_salt('bf')) are bcrypt hashes, which sign-in accepts
-- (auth/passwords.ts). Safe to re-run.

alter table auth.users add column if not exists instance_id uuid;
alter table auth.users add column if not exists confirmation_token varchar(255);
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists email_change_token_new varchar(255);
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists is_super_admin boolean;
alter table auth.users add column if not exists phone_change text default '';
alter table auth.users add column if not exists phone_change_token varchar(255) default '';
alter table auth.users add column if not exists phone_change_sent_at timestamptz;
alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
alter table auth.users add column if not exists is_sso_user boolean not null default false;
alter table auth.users add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored;

comment on column auth.users.is_sso_user is 'GoTrue: the account comes from SSO (never here: SAML is not offered).';
comment on column auth.users.confirmed_at is 'GoTrue: when the email or phone was first confirmed (generated).';
