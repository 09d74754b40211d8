import type { GigFields } from '../../lib/gig';

/** Everything a gig's page shows (camelCase, from a public.gigs row with its poster). */
export interface GigDetail extends GigFields {
  poster: { displayName: string; avatarUrl: string | null; memberSince: string | null };
  /** Why it is hidden, when it is (only its poster can read a hidden gig). */
  hidden?: { cause: string; reason: string } | null;
}
