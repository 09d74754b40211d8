-- Platform: row-level security policies of the app may ask whether the signed-in user has a
-- verified second factor (Supabase's "MFA for users who enrolled" pattern queries auth.mfa_factors
-- inline). Hosted Supabase lets the API roles read that table; here they get the three columns the
-- pattern needs and nothing else (never the TOTP secret). /rest/v1 does not expose the auth schema.
-- Safe to re-run.
grant select (id, user_id, status) on auth.mfa_factors to authenticated;
