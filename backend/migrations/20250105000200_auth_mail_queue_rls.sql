-- Platform: row level security on auth.mail_queue, as on every other table the backend keeps for
-- itself (auth.audit_log_entries, need40_browser.reports). 20250105000100 created the table and
-- revoked every API role's privileges but left RLS off: with it on and no policy, a grant made by
-- mistake later still exposes no queued mail (its bodies carry sign-in links). The backend's own
-- connection owns the table, or in production is the app role with BYPASSRLS (deploy/postgres/
-- roles.sql), so it is not subject to it. Safe to re-run.

alter table auth.mail_queue enable row level security;
