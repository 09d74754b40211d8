-- Platform: hosted Supabase's default privileges on schema `public`. Every table, sequence and
-- function created there afterwards is granted to `anon`, `authenticated` and `service_role`, and
-- row-level security alone decides which rows they see — the model SQL written for Supabase
-- assumes (without these grants such an app fails at its first query with 42501).
--
-- What this means for app SQL (docs/security.md, "Default privileges"): a new table is readable
-- and writable by every API role until its migration revokes what they must not have; a new
-- function is callable by everyone through /rest/v1/rpc until revoked from anon and
-- authenticated. Every Need40 migration therefore grants explicitly after `revoke all … from
-- anon, authenticated, service_role`. Applies to objects created by the migrating role after this
-- migration (PostgreSQL's ALTER DEFAULT PRIVILEGES), so on a database migrated before it, the
-- existing tables keep exactly their grants. Safe to re-run.

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
