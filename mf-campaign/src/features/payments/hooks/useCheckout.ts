import { useCallback, useState } from 'react';
import { DONATION_DEFAULT, GIG_PRICE, MESSAGES } from '@need40/shared';
import { recordPayment } from '../api/recordPayment';
import { failureText, openPendingTab, usePending } from '@need40/ui';
import { paypalLink } from '../lib/paypalLink';

/** The two PayPal paths open to visitors: Pay $600 and the Give40 donation. */
export type CheckoutKind = 'pay' | 'give';

const PLANS = {
  pay: { amount: GIG_PRICE, description: 'Need40 $600 gig payment', fallback: MESSAGES.paymentFailed },
  give: { amount: DONATION_DEFAULT, description: 'Give40 donation to the Need40 campaign', fallback: MESSAGES.donationFailed },
} as const satisfies Record<CheckoutKind, { amount: number; description: string; fallback: string }>;

export type CheckoutState =
  | { status: 'idle' }
  | { status: 'busy'; kind: CheckoutKind }
  | { status: 'error'; kind: CheckoutKind; message: string }
  | { status: 'done'; kind: CheckoutKind; amount: number; url: string; tabOpened: boolean };

/**
 * Record a pending payment, then send the person to PayPal in a new tab.
 * `start` must be called straight from the click handler: it opens the tab before its first await.
 * Error messages: validation or backend message as is; "Failed to record payment" when recording
 * failed without a message; otherwise the path's default ("Payment processing failed" /
 * "Donation processing failed").
 * `clear` drops a finished or failed message: another action was taken, and a status line
 * belongs to the action that set it. A payment still being recorded keeps its line.
 * A slow recording offers Retry and Cancel (`pending`, @need40/ui's one slow-action rule); Cancel
 * closes the waiting tab. A retry may leave a second pending row: pending rows move no money.
 */
export function useCheckout() {
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const pending = usePending();
  const { run } = pending;

  const start = useCallback(
    async (kind: CheckoutKind) => {
      const plan = PLANS[kind];
      const tab = openPendingTab();
      setState({ status: 'busy', kind });
      const outcome = await run(() => recordPayment({ amount: plan.amount, description: plan.description, metadata: { campaign: 'need40', kind } }));
      if (outcome?.status === 'done') {
        const url = paypalLink(plan.amount);
        const tabOpened = tab.go(url);
        setState({ status: 'done', kind, amount: plan.amount, url, tabOpened });
        return;
      }
      tab.cancel();
      if (outcome?.status === 'failed') setState({ status: 'error', kind, message: failureText(outcome.error, plan.fallback) });
      if (outcome?.status === 'cancelled') setState({ status: 'idle' });
    },
    [run],
  );

  const clear = useCallback(() => setState((s) => (s.status === 'busy' ? s : { status: 'idle' })), []);

  return { state, start, clear, pending };
}
