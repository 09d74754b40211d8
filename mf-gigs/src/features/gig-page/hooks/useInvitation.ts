import { useEffect, useState } from 'react';
import { getSupabase } from '@need40/shared';

/**
 * Whether the signed-in member was invited to apply to this gig (gig_invitations: a member reads
 * only invitations to or from them). A failed read shows nothing: the note is a courtesy, Apply
 * works either way.
 */
export function useInvitation(gigId: string, userId: string | null, skip: boolean): boolean {
  const [invited, setInvited] = useState<{ key: string; invited: boolean }>({ key: '', invited: false });
  const key = userId && !skip ? `${gigId}:${userId}` : '';
  useEffect(() => {
    if (!key || !userId) return undefined;
    let live = true;
    getSupabase()
      .from('gig_invitations')
      .select('id')
      .eq('gig_id', gigId)
      .eq('worker_id', userId)
      .limit(1)
      .then(({ data, error }) => {
        if (error) console.error('[mf-gigs] could not read your invitation', error);
        if (live) setInvited({ key, invited: !error && (data?.length ?? 0) > 0 });
      });
    return () => {
      live = false;
    };
  }, [gigId, userId, key]);
  return invited.key === key && key !== '' && invited.invited;
}
