-- App: hosted Supabase grants EXECUTE on every new function of schema public to anon,
-- authenticated and service_role (default privileges), and so does the platform here. Functions
-- whose migrations revoked only PUBLIC's grant kept those: close them to exactly what they were
-- meant to have. The rule for every new function (docs/security.md, "Default privileges"):
--   revoke all on function public.f(…) from public, anon, authenticated, service_role;
--   grant execute on function public.f(…) to <the roles that call it>;
-- Forward-only; safe to re-run.

-- Internal helper of the signup trigger: nobody calls it.
revoke all on function public.username_stem(text) from public, anon, authenticated, service_role;
-- Unread counts are a member's own: never the visitor's.
revoke execute on function public.unread_message_counts(uuid[]) from anon;
-- Trigger functions: run by their triggers, never called.
revoke all on function public.set_updated_at() from public, anon, authenticated, service_role;
revoke all on function public.gigs_set_created_at() from public, anon, authenticated, service_role;
revoke all on function public.handle_new_user() from public, anon, authenticated, service_role;
revoke all on function public.handle_user_confirmed() from public, anon, authenticated, service_role;
revoke all on function public.write_audit_log() from public, anon, authenticated, service_role;
