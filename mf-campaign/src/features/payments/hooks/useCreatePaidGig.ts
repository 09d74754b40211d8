import { useCallback, useState } from 'react';
import { MESSAGES, notifyGigsChanged, useSession } from '@need40/shared';
import { failureText, usePending } from '@need40/ui';
import { validateGigPayment } from '../lib/validation';
import { createPaidGig, type PaidGig } from '../api/createPaidGig';

export type PaidGigState =
  | { status: 'idle' }
  | { status: 'confirming' }
  | { status: 'busy' }
  | { status: 'error'; message: string; needsLogin: boolean }
  | { status: 'done'; gig: PaidGig };

/**
 * The $600 gig path for a signed-in person, in two steps because it records a completed payment:
 * `review` checks (signed out → "You must be logged in to create a gig", the form offers the login
 * modal; then the spec's validation) and asks for confirmation; `confirm` creates the gig. A
 * backend failure shows its message or "Gig payment processing failed". On success the Latest Gigs
 * grid is told to re-read; `confirm` resolves true (the form then clears itself). `cancel` records
 * nothing. A slow confirmation offers Retry and Cancel (`pending`, shown by SlowNotice): every
 * attempt carries the gig id chosen at the confirmation, so a retry never pays or posts twice.
 */
export function useCreatePaidGig() {
  const userId = useSession((s) => s.user?.id ?? null);
  const [state, setState] = useState<PaidGigState>({ status: 'idle' });
  const pending = usePending();

  const review = useCallback(
    (title: string, description: string): void => {
      if (!userId) {
        setState({ status: 'error', message: MESSAGES.mustBeLoggedInToCreateGig, needsLogin: true });
        return;
      }
      const invalid = validateGigPayment({ userId, title, description });
      setState(invalid ? { status: 'error', message: invalid, needsLogin: false } : { status: 'confirming' });
    },
    [userId],
  );

  const confirm = useCallback(
    async (title: string, description: string): Promise<boolean> => {
      if (!userId) {
        setState({ status: 'error', message: MESSAGES.mustBeLoggedInToCreateGig, needsLogin: true });
        return false;
      }
      setState({ status: 'busy' });
      const gigId = crypto.randomUUID();
      const outcome = await pending.run((signal) => createPaidGig({ userId, title, description }, gigId, signal));
      if (outcome?.status === 'done') {
        notifyGigsChanged();
        setState({ status: 'done', gig: outcome.value });
        return true;
      }
      if (outcome?.status === 'failed') setState({ status: 'error', message: failureText(outcome.error, MESSAGES.gigPaymentFailed), needsLogin: false });
      else if (outcome?.status === 'cancelled') setState({ status: 'idle' });
      return false;
    },
    [userId, pending],
  );

  const cancel = useCallback(() => setState({ status: 'idle' }), []);

  return { state, review, confirm, cancel, pending };
}
