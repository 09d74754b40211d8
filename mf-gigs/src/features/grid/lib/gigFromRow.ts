import type { GigRow } from '@need40/shared';
import type { Gig } from '../types';

/** A public.gigs row (snake_case, with its joined profile) → the card's data. */
type Row = Omit<GigRow, 'profiles'> & { profiles?: { username: string | null; avatar_url: string | null; full_name?: string | null } | null };

export function gigFromRow(row: Row): Gig {
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
    poster: row.profiles ? { username: row.profiles.username, avatarUrl: row.profiles.avatar_url, displayName: row.profiles.full_name ?? null } : null,
  };
}
