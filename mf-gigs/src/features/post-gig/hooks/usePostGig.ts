import { useCallback, useState } from 'react';
import { notifyGigsChanged, openAuthModal, useSession } from '@need40/shared';
import { validateGigForm } from '../lib/gigForm';
import { type GigForm, type GigFormErrors } from '../types';
import { insertGig } from '../api/insertGig';
import { describePostFailure, type PostFailure } from '../lib/postFailure';

export type PostGigStatus = 'idle' | 'posting' | 'posted' | 'failed';

/**
 * Submitting the Post Your Gig form. Signed out: opens the login modal instead (docs/product.md, rules).
 * Signed in: validates, inserts, then tells the grid to re-read. A failed insert is logged to the
 * console and described in `failure` (what happened, what to do), so the button is never dead;
 * resolves true only when the gig was created, so the form keeps what was typed otherwise.
 */
export function usePostGig() {
  const userId = useSession((s) => s.user?.id ?? null);
  const [status, setStatus] = useState<PostGigStatus>('idle');
  const [errors, setErrors] = useState<GigFormErrors>({});
  const [failure, setFailure] = useState<PostFailure | null>(null);

  const submit = useCallback(
    async (form: GigForm): Promise<boolean> => {
      if (!userId) {
        openAuthModal('login');
        return false;
      }
      setFailure(null);
      const found = validateGigForm(form);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        setStatus('idle');
        return false;
      }
      setStatus('posting');
      try {
        await insertGig(form, userId);
        notifyGigsChanged();
        setStatus('posted');
        return true;
      } catch (error) {
        console.error('[mf-gigs] could not post the gig', error);
        setFailure(describePostFailure(error));
        setStatus('failed');
        return false;
      }
    },
    [userId],
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

  return { signedIn: userId !== null, status, errors, failure, submit, edited };
}
