import { getSupabase, type QueryRow } from '@need40/shared';
import { gigFieldsFromRow } from '../../../lib/gig';
import type { GigDetail } from '../types';

/** One gig with its poster's name, avatar and join date. */
const gigQuery = (id: string) =>
  getSupabase().from('gigs').select('*, profiles!gigs_user_id_fkey(full_name, username, avatar_url, created_at)').eq('id', id);

export type GigDetailRow = QueryRow<ReturnType<typeof gigQuery>>;

/** A member's name as others see it: the full name given at sign-up, else the username. */
export const displayNameOf = (p: { full_name: string | null; username: string | null } | null | undefined) =>
  p?.full_name?.trim() || p?.username?.trim() || 'A Need40 member';

export function gigDetailFromRow(row: GigDetailRow): GigDetail {
  return {
    ...gigFieldsFromRow(row),
    poster: { displayName: displayNameOf(row.profiles), avatarUrl: row.profiles?.avatar_url ?? null, memberSince: row.profiles?.created_at ?? null },
    hidden: row.hidden_cause && row.hidden_reason ? { cause: row.hidden_cause, reason: row.hidden_reason } : null,
  };
}

/** A uuid-shaped id; anything else cannot be a gig, so it is not asked for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One gig with its poster, or null when there is no such gig (unknown, removed or not an id). Throws other errors. */
export async function fetchGig(id: string): Promise<GigDetail | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await gigQuery(id).maybeSingle();
  if (error) throw error;
  return data ? gigDetailFromRow(data) : null;
}
