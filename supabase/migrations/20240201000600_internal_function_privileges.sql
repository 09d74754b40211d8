-- App: internal functions are not part of the API. Hosted Supabase grants EXECUTE on new functions
-- in public to anon and authenticated through default privileges; the earlier migrations revoked
-- only PUBLIC's grant. Revoke the API roles' too, so /rpc exposes exactly record_payment and
-- create_paid_gig. Forward-only; safe to re-run.

revoke execute on function public.set_updated_at() from anon, authenticated;
revoke execute on function public.handle_new_user() from anon, authenticated;
revoke execute on function public.gigs_set_created_at() from anon, authenticated;
revoke execute on function public.write_audit_log() from anon, authenticated;
revoke execute on function private.paid_gig_terms() from anon, authenticated;
