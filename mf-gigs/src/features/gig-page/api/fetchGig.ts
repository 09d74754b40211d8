import { getSupabase, type GigRow } from '@need40/shared';
import type { GigDetail } from '../types';

interface PosterRow {
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
  created_at: string | null;
}
type GigDetailRow = Omit<GigRow, 'profiles'> & { applicant_count?: number | null; profiles?: PosterRow | null };

/** A member's name as others see it: the full name given at sign-up, else the username. */
export const displayNameOf = (p: Pick<PosterRow, 'full_name' | 'username'> | null | undefined) =>
  p?.full_name?.trim() || p?.username?.trim() || 'A Need40 member';

export function gigDetailFromRow(row: GigDetailRow): GigDetail {
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
    applicantCount: Number(row.applicant_count ?? 0),
    postedDate: row.created_at,
    poster: { displayName: displayNameOf(row.profiles), avatarUrl: row.profiles?.avatar_url ?? null, memberSince: row.profiles?.created_at ?? null },
  };
}

/** A uuid-shaped id; anything else cannot be a gig, so it is not asked for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One gig with its poster, or null when there is no such gig (unknown, removed or not an id). Throws other errors. */
export async function fetchGig(id: string): Promise<GigDetail | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await getSupabase()
    .from('gigs')
    .select('*, profiles!gigs_user_id_fkey(full_name, username, avatar_url, created_at)')
    .eq('id', id)
    .maybeSingle<GigDetailRow>();
  if (error) throw error;
  return data ? gigDetailFromRow(data) : null;
}
