import { ratingFromRow } from '../../../lib/rating';
import type { Gig, GigReadRow } from '../types';

/** A public.gigs row (snake_case, with its joined profile) → the card's data. */
export function gigFromRow(row: GigReadRow): Gig {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    paymentType: row.payment_type,
    rate: Number(row.rate),
    hours: row.hours === null || row.hours === undefined ? null : Number(row.hours),
    location: row.location ?? null,
    skills: row.skills ?? [],
    status: row.status,
    postedDate: row.created_at,
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
