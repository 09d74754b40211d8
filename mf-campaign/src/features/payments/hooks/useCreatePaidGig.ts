import { useCallback, useState } from 'react';
import { errorMessage, MESSAGES, notifyGigsChanged, useSession, type GigRow } from '@need40/shared';
import { validateGigPayment } from '../lib/validation';
import { createPaidGig } from '../api/createPaidGig';

export type PaidGigState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'error'; message: string; needsLogin: boolean }
  | { status: 'done'; gig: GigRow };

/**
 * The $600 gig path for a signed-in person. Signed out → "You must be logged in to create a gig"
 * (the form offers the login modal); then the spec's validation; a backend failure shows its
 * message or "Gig payment processing failed". On success the Latest Gigs grid is told to re-read.
 * Resolves true when the gig was created (the form then clears itself).
 */
export function useCreatePaidGig() {
  const userId = useSession((s) => s.user?.id ?? null);
  const [state, setState] = useState<PaidGigState>({ status: 'idle' });

  const submit = useCallback(
    async (title: string, description: string): Promise<boolean> => {
      if (!userId) {
        setState({ status: 'error', message: MESSAGES.mustBeLoggedInToCreateGig, needsLogin: true });
        return false;
      }
      const invalid = validateGigPayment({ userId, title, description });
      if (invalid) {
        setState({ status: 'error', message: invalid, needsLogin: false });
        return false;
      }
      setState({ status: 'busy' });
      try {
        const gig = await createPaidGig({ userId, title, description });
        notifyGigsChanged();
        setState({ status: 'done', gig });
        return true;
      } catch (error) {
        setState({ status: 'error', message: errorMessage(error, MESSAGES.gigPaymentFailed), needsLogin: false });
        return false;
      }
    },
    [userId],
  );

  return { state, submit };
}
