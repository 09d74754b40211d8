/**
 * Invite to apply: the viewer's own open gigs to choose from, and invite_to_apply(), which decides
 * (only the gig's poster, only an open gig, one invitation per gig and worker, 50 a day) and
 * notifies the worker.
 */
import { getSupabase } from '@need40/shared';
import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';

export const INVITE_FAILED = 'The invitation could not be sent. Try again.';
const GIGS_FAILED = 'Could not load your open gigs.';
/** Gigs offered in the list: a poster with more open gigs than this picks among the newest. */
const MAX_GIGS = 50;

export interface OwnGig {
  id: string;
  title: string;
}

const shown = (error: unknown, status: number, fallback: string) =>
  worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, fallback));

/** The viewer's open gigs, newest first (their own rows; hidden gigs cannot take applications). */
export async function fetchOwnOpenGigs(userId: string): Promise<OwnGig[]> {
  const { data, error, status } = await getSupabase()
    .from('gigs')
    .select('id, title')
    .eq('user_id', userId)
    .eq('status', 'active')
    .is('hidden_at', null)
    .order('created_at', { ascending: false })
    .order('id')
    .limit(MAX_GIGS);
  if (error) throw shown(error, status, GIGS_FAILED);
  return data ?? [];
}

export async function inviteToApply(gigId: string, workerId: string): Promise<void> {
  const { error, status } = await getSupabase().rpc('invite_to_apply', { p_gig_id: gigId, p_worker_id: workerId });
  if (error) throw shown(error, status, INVITE_FAILED);
}
