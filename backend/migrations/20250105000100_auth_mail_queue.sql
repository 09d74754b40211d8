-- Auth: mail the SMTP server did not take at once (down, refusing, too slow) waits here and is
-- retried by the backend's mail delivery job, the one that sends the notification outbox, so
-- sign-up, recovery, email change and magic links never fail because of mail. The bodies carry the
-- mail's link or code (credentials): they are cleared as soon as the mail is sent, and when the
-- link's lifetime (MAILER_OTP_EXP) ends unsent. No API role may read it. Forward-only; safe to re-run.
create table if not exists auth.mail_queue (
  id bigint generated always as identity primary key,
  to_address text not null,
  kind text not null,
  subject text not null,
  text_body text,
  html_body text,
  attempts integer not null default 0,
  deliver_after timestamptz not null default now(),
  expires_at timestamptz not null,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
comment on table auth.mail_queue is
  'Auth mail waiting for the SMTP server: retried with backoff until sent or until its link expires; the bodies (credentials) are cleared then.';
create index if not exists mail_queue_due_idx on auth.mail_queue (deliver_after) where text_body is not null;
revoke all on table auth.mail_queue from public, anon, authenticated, service_role;
