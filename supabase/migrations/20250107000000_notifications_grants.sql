-- App: the notifications table was created under hosted Supabase's default privileges on public
-- (every new table granted in full to anon, authenticated and service_role), and its migration
-- revoked from the member roles only. The service role keeps what it needs (reads and the
-- triggers' writes) but not TRUNCATE, REFERENCES or TRIGGER, which no Need40 table grants to an
-- API role (docs/security.md, "Default privileges"). Safe to re-run.

revoke truncate, references, trigger on table public.notifications from service_role;
