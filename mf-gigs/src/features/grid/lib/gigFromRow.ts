import { gigFieldsFromRow } from '../../../lib/gig';
import { ratingFromRow } from '../../../lib/rating';
import type { GigReadRow } from '../api/gigsQuery';
import type { Gig } from '../types';

/** A public.gigs row as the grid reads it (with its poster's profile) → the card's data. */
export function gigFromRow(row: GigReadRow): Gig {
  return {
    ...gigFieldsFromRow(row),
    poster: row.profiles
      ? {
          name: row.profiles.full_name ?? null,
          username: row.profiles.username,
          avatarUrl: row.profiles.avatar_url,
          rating: ratingFromRow(row.profiles.member_ratings),
        }
      : null,
  };
}
