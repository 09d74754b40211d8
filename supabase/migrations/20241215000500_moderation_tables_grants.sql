-- App: the reports and gig_takedowns tables were created under hosted Supabase's default
-- privileges on public (every new table granted in full to anon, authenticated and service_role),
-- and their migrations revoked from the member roles only. The service role keeps what it needs
-- (it writes them through the operator functions and REST) but not TRUNCATE, REFERENCES or
-- TRIGGER, which no Need40 table grants to an API role (docs/security.md, "Default privileges").
-- Safe to re-run.

revoke truncate, references, trigger on table public.reports from service_role;
revoke truncate, references, trigger on table public.gig_takedowns from service_role;
