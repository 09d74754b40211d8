import { useCallback, useRef, useState } from 'react';
import { notifyGigsChanged, openAuthModal, useSession } from '@need40/shared';
import { usePending } from '@need40/ui';
import { newId } from '../../../lib/newId';
import { validateGigForm } from '../lib/gigForm';
import { type GigForm, type GigFormErrors } from '../types';
import { insertGig, isDuplicatePost } from '../api/insertGig';
import { describePostFailure, type PostFailure } from '../lib/postFailure';

export type PostGigStatus = 'idle' | 'posting' | 'posted' | 'failed';

/**
 * Submitting the Post Your Gig form. Signed out: opens the login modal instead (docs/product.md, rules).
 * Signed in: validates, inserts, then tells the grid to re-read. A failed insert is logged to the
 * console and described in `failure` (what happened, what to do), so the button is never dead;
 * resolves true only when the gig was created, so the form keeps what was typed otherwise.
 *
 * One submission is one gig: its id is chosen once and kept until the gig exists, so a Retry, or
 * a click again after a lost answer, can only find the gig already there (insertGig). A slow insert
 * offers Retry and Cancel (`pending`, the one slow-action rule of @need40/ui).
 */
export function usePostGig() {
  const userId = useSession((s) => s.user?.id ?? null);
  const [status, setStatus] = useState<PostGigStatus>('idle');
  const [errors, setErrors] = useState<GigFormErrors>({});
  const [failure, setFailure] = useState<PostFailure | null>(null);
  const [postedId, setPostedId] = useState<string | null>(null);
  const submissionId = useRef<string | null>(null);
  const pending = usePending();

  const submit = useCallback(
    async (form: GigForm): Promise<boolean> => {
      if (!userId) {
        openAuthModal('login');
        return false;
      }
      if (pending.busy) return false;
      setFailure(null);
      const found = validateGigForm(form);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        setStatus('idle');
        return false;
      }
      const gigId = (submissionId.current ??= newId());
      setStatus('posting');
      const outcome = await pending.run((signal) => insertGig(form, userId, gigId, signal));
      if (outcome === null) return false;
      if (outcome.status === 'cancelled') {
        setStatus('idle');
        return false;
      }
      if (outcome.status === 'failed' && !isDuplicatePost(outcome.error)) {
        console.error('[mf-gigs] could not post the gig', outcome.error);
        setFailure(describePostFailure(outcome.error));
        setStatus('failed');
        return false;
      }
      submissionId.current = null;
      notifyGigsChanged();
      setPostedId(gigId);
      setStatus('posted');
      return true;
    },
    [userId, pending],
  );

  /** Forget a field's error once the person edits it, and the "posted" note once they start again. */
  const edited = useCallback((field: keyof GigForm) => {
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
    setStatus((s) => (s === 'posted' ? 'idle' : s));
  }, []);

  return { signedIn: userId !== null, status, errors, failure, postedId, pending, submit, edited };
}
