-- The grid's rate filter as whole cents, so the planner can use statistics and indexes under
-- row-level security.
--
-- The gigs' read policy is a real condition since moderation can hide a gig (hidden_at …). On a
-- table with such a condition PostgreSQL withholds column statistics from, and refuses index
-- conditions to, any comparison whose function is not LEAKPROOF (it could reveal rows the policy
-- hides through an error message). numeric's >= and <= are not leakproof: each half of
-- `rate >= 100 and rate <= 120` was guessed at 0.5, the pair at nearly 0, so the planner expected
-- one row and scanned the whole table (25 ms at 100,000 gigs, 101 ms at 300,000, growing with the
-- catalogue) instead of walking the newest-first index (0.4 ms). Integer comparisons are
-- leakproof: the grid filters rate_cents, a stored copy of rate in cents that nobody writes.

alter table public.gigs
  add column if not exists rate_cents integer generated always as ((rate * 100)::integer) stored;

create index if not exists gigs_rate_cents_idx on public.gigs (rate_cents);

comment on column public.gigs.rate_cents is
  'rate in whole cents, computed by the database (never written): what the grid''s rate filter compares, because integer comparisons keep statistics and indexes under row-level security and numeric ones do not.';
